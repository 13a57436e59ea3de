package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.IbTransportKsy;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The registry of finding kinds: every kind is explained in full and found again by its key. */
class FindingKindTest {
    @Test
    void everyKindHasAStableKeyAndEveryText() {
        for (FindingKind k : FindingKind.values()) {
            assertThat(k.key()).as(k.name()).matches("[a-z]+(_[a-z]+)*(\\.[a-z]+(_[a-z]+)*)*");
            assertThat(FindingKind.of(k.key())).isSameAs(k);
            assertThat(k.meaning()).as(k.key()).isNotBlank().endsWith(".");
            assertThat(k.causes()).as(k.key()).isNotBlank().endsWith(".");
            assertThat(k.nextStep()).as(k.key()).isNotBlank().endsWith(".");
            assertThat(k.ibtaSection()).as(k.key()).isNotBlank();
            assertThat(k.group().label()).isNotBlank();
        }
        assertThat(FindingKind.of("no.such.kind")).isNull();
    }

    @Test
    void nakKindsFollowTheAethCodeNames() {
        // the keys scripts already match: "nak." and the IBTA name of the code in snake case; found by the
        // code ksy/ib_transport.ksy gives the name, whatever the order of its nak_code enum
        int named = 0;
        for (int code = 0; code < 32; code++) {
            String name = IbTransportKsy.NAK_CODE.nameOf(code);
            if (name == null) {
                assertThat(FindingKind.nak(code)).as("code %d", code).isSameAs(FindingKind.NAK_RESERVED);
                continue;
            }
            named++;
            assertThat(FindingKind.nak(code).key()).isEqualTo("nak." + name.toLowerCase(Locale.ROOT).replace(' ', '_'));
        }
        assertThat(named).isEqualTo(5);
        assertThat(FindingKind.nak(IbTransportKsy.NAK_CODE_REMOTE_ACCESS_ERROR)).isSameAs(FindingKind.NAK_REMOTE_ACCESS_ERROR);
        assertThat(FindingKind.nak(-1)).isSameAs(FindingKind.NAK_RESERVED);
        // every NAK kind but the reserved one is some code's
        for (FindingKind k : FindingKind.values()) {
            if (!k.key().startsWith("nak.") || k == FindingKind.NAK_RESERVED) continue;
            assertThat(java.util.stream.IntStream.range(0, 32).anyMatch(c -> FindingKind.nak(c) == k)).as(k.key()).isTrue();
        }
    }
}
