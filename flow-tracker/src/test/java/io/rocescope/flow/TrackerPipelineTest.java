package io.rocescope.flow;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The tracker's parts, read from its compiled classes, pass data one way, as README's layout says: the set-up
 * trackers send SetUps to the flow table; each data packet then goes to the transport part and the fabric part,
 * which know nothing of each other or of the set-ups; FlowFindings speaks when a flow ends; ReportBuilder reads
 * the result. Only FlowTracker, which wires them, its shards and ReportBuilder see FlowTracker. The parts share
 * one package because they share per-flow state whose fields stay package-private (a flow costs about 1.4 kB);
 * these rules are what keeps the package from becoming a tangle.
 */
@AnalyzeClasses(packages = "io.rocescope.flow", importOptions = ImportOption.DoNotIncludeTests.class)
class TrackerPipelineTest {
    private static final String[] SETUPS = {"CmSetups", "SocketSetups", "InferredSetups"};
    /** The stages; the per-flow state they update (Flow's PsnTracker, AckTracker, MessageAssembler …) is shared. */
    private static final String[] TRANSPORT = {"TransportTracker", "TransportObservations"};
    private static final String[] FABRIC = {"FabricTracker", "FabricWatch", "DcqcnWatch", "PauseTracker", "PauseWindows", "PriorityTable",
        "FabricProfile"};
    private static final String[] DOWNSTREAM = {"FlowFindings", "ReportBuilder", "FlowTracker", "TrackerShards"};

    @ArchTest
    static final ArchRule setUpsKnowNoTrafficPart = noClasses().that(are(SETUPS))
        .should().dependOnClassesThat(are(concat(TRANSPORT, FABRIC, DOWNSTREAM)));

    @ArchTest
    static final ArchRule transportKnowsNeitherFabricNorSetUps = noClasses().that(are(TRANSPORT))
        .should().dependOnClassesThat(are(concat(FABRIC, SETUPS, DOWNSTREAM)));

    @ArchTest
    static final ArchRule fabricKnowsNeitherTransportNorSetUps = noClasses().that(are(FABRIC))
        .should().dependOnClassesThat(are(concat(TRANSPORT, SETUPS, DOWNSTREAM)));

    @ArchTest
    static final ArchRule theFlowTableKnowsNoTrafficPart = noClasses().that(are("FlowTable"))
        .should().dependOnClassesThat(are(concat(TRANSPORT, FABRIC, DOWNSTREAM)));

    @ArchTest
    static final ArchRule onlyTheWiringSeesFlowTracker = noClasses().that(describe("not the tracker's wiring",
            (JavaClass c) -> !is(c, "FlowTracker", "TrackerShards", "ReportBuilder")))
        .should().dependOnClassesThat(are("FlowTracker"));

    /** The classes of this package with one of these simple names (their nested classes too). */
    private static com.tngtech.archunit.base.DescribedPredicate<JavaClass> are(String... names) {
        return describe("one of " + String.join(", ", names), (JavaClass c) -> is(c, names));
    }

    private static boolean is(JavaClass c, String... names) {
        if (!c.getPackageName().equals("io.rocescope.flow")) return false;
        String top = c.getName().substring("io.rocescope.flow.".length()).split("\\$")[0];
        for (String n : names) if (n.equals(top)) return true;
        return false;
    }

    private static String[] concat(String[]... groups) {
        return java.util.Arrays.stream(groups).flatMap(java.util.Arrays::stream).toArray(String[]::new);
    }
}
