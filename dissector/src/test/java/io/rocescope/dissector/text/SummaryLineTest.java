package io.rocescope.dissector.text;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The one-line view's fast path for IPv4 frames writes the same columns as the general one, on every frame. */
class SummaryLineTest {
    @Test
    void theIpv4FastPathWritesWhatTheGeneralPathWrites() {
        int ipv4 = 0;
        for (Path capture : TestCaptures.all()) {
            for (DecodedFrame f : TestCaptures.decode(capture)) {
                if (f.addressType() != FieldType.IPV4) continue;
                String fast = SummaryLine.ipv4Prefix(new LineBuffer(), f, f.relativeNanos()).toString();
                String general = SummaryLine.prefix(new LineBuffer(), f).toString();
                assertThat(fast).as("%s frame %d", capture.getFileName(), f.number()).isEqualTo(general);
                ipv4++;
            }
        }
        assertThat(ipv4).isGreaterThan(10_000);
    }
}
