package io.rocescope.gui;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the window may lean on, read from its compiled classes: it analyses a capture or a live interface only
 * through the analysis library ({@code CaptureAnalysis}, {@code LiveAnalysis}), as the CLI's analysis commands and
 * report do, and never drives the flow tracker itself (its frame list, filters and graphs decode with the
 * dissector's decoder and pipeline, as the CLI's {@code dissect} does).
 */
@AnalyzeClasses(packages = "io.rocescope.gui", importOptions = ImportOption.DoNotIncludeTests.class)
class GuiAnalysisLayerTest {
    @ArchTest
    static final ArchRule theWindowAnalysesThroughTheAnalysisLibrary = noClasses().that().resideInAPackage("io.rocescope.gui..")
        .should().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.flow.FlowTracker")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.analysis.TrackerJob");
}
