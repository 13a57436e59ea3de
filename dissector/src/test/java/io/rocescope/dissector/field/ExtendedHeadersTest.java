package io.rocescope.dissector.field;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A described header cannot take an opcode the real decoder owns, nor one another described header took. */
class ExtendedHeadersTest {
    private static ExtendedHeaders.Entry on(String name, int... opcodes) {
        ExtendedHeader h = new ExtendedHeader() {
            @Override public String name() { return name; }
            @Override public int[] opcodes() { return opcodes; }
            @Override public int size() { return 4; }
            @Override public FieldSpec protocol() { return null; }
            @Override public List<HeaderField> fields() { return List.of(); }
        };
        return new ExtendedHeaders.Entry(h, null, new FieldDef[0]);
    }

    @Test
    void refusesAnOpcodeIbTransportDefines() {
        assertThatThrownBy(() -> ExtendedHeaders.claim(new ExtendedHeaders.Entry[256], on("BAD", 0xF0, 0x0C)))
            .hasMessage("BAD: opcode 0x0c is ksy/ib_transport.ksy's");
    }

    @Test
    void refusesAnOpcodeTakenTwice() {
        ExtendedHeaders.Entry[] table = new ExtendedHeaders.Entry[256];
        ExtendedHeaders.claim(table, on("ONE", 0xF0));
        assertThatThrownBy(() -> ExtendedHeaders.claim(table, on("TWO", 0xF1, 0xF0))).hasMessage("TWO: opcode 0xf0 is ONE's already");
        assertThatThrownBy(() -> ExtendedHeaders.claim(table, on("BIG", 256))).hasMessage("BIG: opcode 256 is not a byte");
    }
}
