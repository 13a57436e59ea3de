package io.rocescope.dissector;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * The dissector's packages point one way, read from the compiled classes (so a fully-qualified use counts as
 * much as an import): values and the field registry at the bottom, capture reading and the typed records
 * above them, decoding above those, then rendering (text), display filters (which compare a string field by
 * its text, as Wireshark's do) and the pipeline that threads them. Decoding never imports rendering.
 */
@AnalyzeClasses(packages = "io.rocescope.dissector", importOptions = ImportOption.DoNotIncludeTests.class)
class DissectorLayersTest {
    @ArchTest
    static final ArchRule packagesDependOnlyOnTheLayersBelowThem = layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("Util").definedBy("io.rocescope.dissector.util..")
        .layer("Value").definedBy("io.rocescope.dissector.value..")
        .layer("Field").definedBy("io.rocescope.dissector.field..")
        .layer("Capture").definedBy("io.rocescope.dissector.capture..")
        .layer("Records").definedBy("io.rocescope.dissector.cm..", "io.rocescope.dissector.perftest..")
        .layer("Decode").definedBy("io.rocescope.dissector.decode..")
        .layer("Encode").definedBy("io.rocescope.dissector.encode..")
        .layer("Text").definedBy("io.rocescope.dissector.text..")
        .layer("Filter").definedBy("io.rocescope.dissector.filter..")
        .layer("Pipeline").definedBy("io.rocescope.dissector.pipeline..")
        .whereLayer("Util").mayNotAccessAnyLayer()
        .whereLayer("Field").mayNotAccessAnyLayer()
        .whereLayer("Value").mayOnlyAccessLayers("Util")
        .whereLayer("Capture").mayOnlyAccessLayers("Field", "Util")
        .whereLayer("Records").mayOnlyAccessLayers("Field", "Value", "Util")
        .whereLayer("Decode").mayOnlyAccessLayers("Capture", "Records", "Field", "Value", "Util")
        .whereLayer("Encode").mayOnlyAccessLayers("Decode", "Records", "Field", "Value", "Util")
        .whereLayer("Text").mayOnlyAccessLayers("Decode", "Records", "Field", "Value", "Util")
        .whereLayer("Filter").mayOnlyAccessLayers("Text", "Decode", "Records", "Field", "Value", "Util")
        .whereLayer("Pipeline").mayOnlyAccessLayers("Filter", "Text", "Decode", "Capture", "Records", "Field", "Value", "Util");
}
