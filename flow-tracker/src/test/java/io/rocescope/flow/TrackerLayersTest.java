package io.rocescope.flow;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the flow tracker may lean on, read from its compiled classes. It takes decoded frames and reads their
 * values: no capture reading, pipeline, display filter or encoder, no field's display text (FieldText,
 * ComputedFields), and no I/O (files, streams, sockets), so every front end can feed it. It may still format
 * the names and durations its reports carry.
 */
class TrackerLayersTest {
    private static final JavaClasses TRACKER = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.rocescope.flow");

    @Test
    void trackerReadsDecodedValuesOnly() {
        noClasses().that().resideInAPackage("io.rocescope.flow..")
            .should().dependOnClassesThat().resideInAnyPackage("io.rocescope.dissector.capture..",
                "io.rocescope.dissector.pipeline..", "io.rocescope.dissector.filter..", "io.rocescope.dissector.encode..")
            .check(TRACKER);
    }

    @Test
    void trackerNeverReadsAFieldsDisplayText() {
        noClasses().that().resideInAPackage("io.rocescope.flow..")
            .should().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.dissector.text.FieldText")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.dissector.text.ComputedFields")
            .check(TRACKER);
    }

    @Test
    void trackerDoesNoIo() {
        noClasses().that().resideInAPackage("io.rocescope.flow..")
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.nio.channels..", "java.net..")
            .check(TRACKER);
    }
}
