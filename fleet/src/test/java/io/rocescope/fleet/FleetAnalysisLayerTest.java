package io.rocescope.fleet;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Fleet mode, read from its compiled classes: a task analyses a capture through the analysis library
 * ({@code CaptureAnalysis}), and the merge of a capture's splits feeds its tracker through {@code TrackerJob}, so no
 * fleet class makes or feeds a flow tracker itself.
 */
@AnalyzeClasses(packages = "io.rocescope.fleet", importOptions = ImportOption.DoNotIncludeTests.class)
class FleetAnalysisLayerTest {
    @ArchTest
    static final ArchRule fleetAnalysesThroughTheAnalysisLibrary = noClasses().that().resideInAPackage("io.rocescope.fleet..")
        .should().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.flow.FlowTracker");
}
