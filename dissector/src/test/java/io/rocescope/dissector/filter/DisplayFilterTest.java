package io.rocescope.dissector.filter;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Display filters against counts computed directly from the decoded fields of real captures. */
class DisplayFilterTest {
    private static final List<DecodedFrame> LOSS = TestCaptures.decode(TestCaptures.file("send_bw_loss2pct"));
    private static final List<DecodedFrame> CM = TestCaptures.decode(TestCaptures.file("send_bw_rc_rdmacm"));

    private static long count(List<DecodedFrame> frames, String filter) throws Exception {
        DisplayFilter f = DisplayFilter.parse(filter);
        return frames.stream().filter(f::matches).count();
    }

    @Test
    void comparisonsAgreeWithTheFields() throws Exception {
        long naks = LOSS.stream().filter(f -> (f.get(Fields.AETH_SYNDROME, 0) >> 5) == 3).count();
        assertThat(naks).isEqualTo(28);
        assertThat(count(LOSS, "infiniband.aeth.syndrome.opcode == 3")).isEqualTo(naks);
        assertThat(count(LOSS, "infiniband.aeth.syndrome.opcode eq 3")).isEqualTo(naks);
        assertThat(count(LOSS, "infiniband.aeth.syndrome == 0x60")).isEqualTo(naks);
        long big = LOSS.stream().filter(f -> f.get(Fields.BTH_PSN, -1) > 4_741_300).count();
        assertThat(count(LOSS, "infiniband.bth.psn > 4741300")).isEqualTo(big);
        assertThat(count(LOSS, "infiniband.bth.psn <= 4741300")).isEqualTo(LOSS.stream().filter(f -> f.has(Fields.BTH_PSN)).count() - big);
        assertThat(count(LOSS, "infiniband")).isEqualTo(LOSS.stream().filter(DecodedFrame::isRoce).count());
        assertThat(count(LOSS, "!infiniband")).isEqualTo(LOSS.stream().filter(f -> !f.isRoce()).count());
    }

    @Test
    void addressesWordsLogicAndParentheses() throws Exception {
        long fromB = LOSS.stream().filter(f -> f.has(Fields.IP_SRC) && f.get(Fields.IP_SRC, 0) == 0x0A000002L).count();
        assertThat(count(LOSS, "ip.src == 10.0.0.2")).isEqualTo(fromB);
        assertThat(count(LOSS, "ip.src == 10.0.0.2 && infiniband")).isEqualTo(50);   // the ACKs and NAKs
        assertThat(count(LOSS, "ip.src != 10.0.0.2 and ip")).isEqualTo(LOSS.stream().filter(f -> f.has(Fields.IP_SRC)).count() - fromB);
        assertThat(count(CM, "infiniband.cm.req || infiniband.cm.rep")).isEqualTo(4);
        assertThat(count(CM, "!(infiniband.cm.req || infiniband.cm.rep) && infiniband.mad")).isEqualTo(6);
        assertThat(count(CM, "infiniband.icrc.status == good")).isEqualTo(1354);
        assertThat(count(CM, "infiniband.cm.req.ip_cm.dip4 == \"10.0.0.2\"")).isEqualTo(2);
    }

    @Test
    void mistakesAreExplained() {
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband.bth.ps == 1")).hasMessageContaining("unknown field 'infiniband.bth.ps'");
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband.bth.psn == x")).hasMessageContaining("is a number");
        assertThatThrownBy(() -> DisplayFilter.parse("(infiniband")).hasMessageContaining("missing ')'");
        assertThatThrownBy(() -> DisplayFilter.parse("ip.src > 10.0.0.1")).hasMessageContaining("only be compared with == or !=");
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband infiniband")).hasMessageContaining("unexpected 'infiniband'");
        assertThatThrownBy(() -> DisplayFilter.parse("  ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> DisplayFilter.parse("ip.src == 10.0.0.1 # x")).hasMessageContaining("unexpected character");
    }
}
