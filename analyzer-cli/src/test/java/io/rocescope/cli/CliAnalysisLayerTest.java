package io.rocescope.cli;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the CLI may lean on, read from its compiled classes: its commands analyse through the analysis library
 * ({@code CaptureAnalysis}, {@code LiveAnalysis}, and {@code TrackerJob} where a command decodes for a purpose of its
 * own, as dissect's {@code -z expert}), and no command makes or feeds a flow tracker itself.
 */
@AnalyzeClasses(packages = "io.rocescope.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class CliAnalysisLayerTest {
    @ArchTest
    static final ArchRule theCommandsAnalyseThroughTheAnalysisLibrary = noClasses().that().resideInAPackage("io.rocescope.cli..")
        .should().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.flow.FlowTracker");
}
