package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;
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
        // the keys scripts already match: "nak." and the IBTA name of the code in snake case
        for (int code = 0; code < 5; code++) {
            assertThat(FindingKind.nak(code).key())
                .isEqualTo("nak." + InfinibandNames.nakName(code).toLowerCase(Locale.ROOT).replace(' ', '_'));
        }
        for (int code = 5; code < 32; code++) assertThat(FindingKind.nak(code)).isSameAs(FindingKind.NAK_RESERVED);
    }
}
