package io.rocescope.flow;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the flow tracker may lean on, read from its compiled classes. It takes decoded frames and reads their
 * values: no capture reading, pipeline, display filter or encoder, no field's display text (FieldText,
 * ComputedFields), and no I/O (files, streams, sockets), so every front end can feed it. It may still format
 * the names and durations its reports carry.
 */
@AnalyzeClasses(packages = "io.rocescope.flow", importOptions = ImportOption.DoNotIncludeTests.class)
class TrackerLayersTest {
    @ArchTest
    static final ArchRule trackerReadsDecodedValuesOnly = noClasses()
        .should().dependOnClassesThat().resideInAnyPackage("io.rocescope.dissector.capture..",
            "io.rocescope.dissector.pipeline..", "io.rocescope.dissector.filter..", "io.rocescope.dissector.encode..");

    @ArchTest
    static final ArchRule trackerNeverReadsAFieldsDisplayText = noClasses()
        .should().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.dissector.text.FieldText")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.rocescope.dissector.text.ComputedFields");

    @ArchTest
    static final ArchRule trackerDoesNoIo = noClasses()
        .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.nio.channels..", "java.net..");
}
