package io.rocescope.dissector.filter;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import org.junit.jupiter.api.Test;

import java.util.List;

import io.rocescope.dissector.text.InfoColumn;

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
    void eachMistakeNamesItsColumn() {
        assertColumn("ip.src == ", 11, "a value is missing");
        assertColumn("udp.port == 1 &&", 17, "missing at the end");
        assertColumn("frame[0:2 == 00", 6, "']'");
        assertColumn("udp.port in {1, 2", 13, "'}'");
        assertColumn("ip.src == 10.0.0.300", 11, "ip.src is an IPv4 address; '10.0.0.300' is not one");
        assertColumn("udp.port == 0x1g", 13, "udp.port is a number");
        assertColumn("ip.src == eth.src", 8, "not of compatible types");
        assertColumn("lower(udp.port) == \"a\"", 7, "lower() needs a string");
        assertColumn("frame matches \"(\"", 15, "bad regular expression");
        assertColumn("frame matches abc", 15, "regular expression in quotes");
        assertColumn("udp.port[0:1] == 00", 9, "a slice needs bytes");
        assertColumn("ip.src == 10.0.0.1 && (udp", 23, "missing ')'");
        assertColumn("udp.port == \"4791", 13, "closing '\"'");
        assertColumn("ip.src == 1 # x", 13, "unexpected character '#'");
        assertColumn("ip.scr == 10.0.0.1", 1, "unknown field 'ip.scr'");
        assertColumn("10.0.0.1 == 10.0.0.2", 1, "a value, not a field");
        assertColumn("ip.src ip.dst", 8, "unexpected 'ip.dst'");
        assertColumn("len(udp.port) > 1", 5, "len() needs bytes");
        assertColumn("count(1) > 1", 7, "needs a field");
        assertColumn("max() > 1", 1, "one or more arguments");
    }

    private static void assertColumn(String filter, int column, String why) {
        assertThatThrownBy(() -> DisplayFilter.parse(filter))
            .isInstanceOfSatisfying(FilterSyntaxException.class, e -> {
                assertThat(e.column()).as(filter).isEqualTo(column);
                assertThat(e.getMessage()).as(filter).contains("column " + column + ":").contains(why).doesNotContain("\n");
            });
    }

    @Test
    void precedenceIsWiresharks() throws Exception {
        // not binds tighter than and, and than xor, xor than or
        assertThat(count(LOSS, "ip.src == 10.0.0.2 || infiniband && ip.src == 10.0.0.1"))
            .isEqualTo(count(LOSS, "ip.src == 10.0.0.2 || (infiniband && ip.src == 10.0.0.1)"))
            .isNotEqualTo(count(LOSS, "(ip.src == 10.0.0.2 || infiniband) && ip.src == 10.0.0.1"));
        assertThat(count(LOSS, "!infiniband && ip")).isEqualTo(count(LOSS, "(!infiniband) && ip"));
        assertThat(count(LOSS, "not not infiniband")).isEqualTo(count(LOSS, "infiniband"));
        assertThat(count(LOSS, "udp.dstport - 1 * 2 == 4789")).isEqualTo(count(LOSS, "udp.dstport == 4791"));
    }

    @Test
    void xorIsTrueWhenExactlyOneSideIs() throws Exception {
        // Wireshark 4.2's xor (4.0 has none): counted against the two sides and their conjunction
        long a = count(LOSS, "ip.src == 10.0.0.2"), b = count(LOSS, "infiniband.aeth"), both = count(LOSS, "ip.src == 10.0.0.2 && infiniband.aeth");
        assertThat(both).isPositive().isLessThan(a);
        assertThat(count(LOSS, "ip.src == 10.0.0.2 xor infiniband.aeth")).isEqualTo(a + b - 2 * both);
        assertThat(count(LOSS, "ip.src == 10.0.0.2 ^^ infiniband.aeth")).isEqualTo(a + b - 2 * both);
    }

    @Test
    void columnsAndExpertInfoAreFilterable() throws Exception {
        // tshark 4.0 cannot filter on columns (4.2 can, by the lower-case names): compared with the frames themselves
        long naks = LOSS.stream().filter(f -> InfoColumn.of(f).contains("NAK")).count();
        assertThat(naks).isEqualTo(28);
        assertThat(count(LOSS, "_ws.col.Info contains \"NAK\"")).isEqualTo(naks);
        assertThat(count(LOSS, "_ws.col.info matches \"nak psn\"")).isEqualTo(naks);
        assertThat(count(LOSS, "_ws.col.Protocol == \"RRoCE\"")).isEqualTo(LOSS.stream().filter(f -> f.protocol() == DecodedFrame.Protocol.RROCE).count());
        assertThat(count(LOSS, "_ws.col.def_src == \"10.0.0.2\"")).isEqualTo(count(LOSS, "ip.src == 10.0.0.2"));
        List<DecodedFrame> bad = TestCaptures.decode(TestCaptures.file("send_bw_corrupt1pct"));
        long withExperts = bad.stream().filter(f -> !f.experts().isEmpty()).count();
        assertThat(withExperts).isPositive();
        assertThat(count(bad, "_ws.expert")).isEqualTo(withExperts);
        assertThat(count(bad, "_ws.expert.severity == 0x00800000")).isEqualTo(bad.stream()
            .filter(f -> f.experts().stream().anyMatch(e -> e.severity() == io.rocescope.dissector.decode.Expert.Severity.ERROR)).count());
        assertThat(count(bad, "_ws.malformed")).isEqualTo(bad.stream().filter(f -> f.hasExpert("malformed")).count());
    }

    @Test
    void damagedFiltersGiveASyntaxErrorNeverAnotherException() throws Exception {
        // every stored case, cut and spliced at random (fixed seed): compiled and run, or refused with a column
        java.util.Random rnd = new java.util.Random(16);
        String chars = "()[]{}!=<>&|^~-+*/%:.,'\"\\ 0x1aZ_";
        List<String> filters = TsharkFilterTest.rows("cases.tsv").stream().map(r -> r[1]).toList();
        List<DecodedFrame> sample = CM.subList(0, 40);
        int compiled = 0, refused = 0;
        for (int n = 0; n < 3000; n++) {
            StringBuilder sb = new StringBuilder(filters.get(rnd.nextInt(filters.size())));
            for (int k = rnd.nextInt(3) + 1; k > 0 && sb.length() > 0; k--) {
                int at = rnd.nextInt(sb.length());
                if (rnd.nextBoolean()) sb.deleteCharAt(at);
                else sb.insert(at, chars.charAt(rnd.nextInt(chars.length())));
            }
            DisplayFilter f;
            try {
                f = DisplayFilter.parse(sb.toString());
            } catch (FilterSyntaxException e) {
                assertThat(e.column()).as(sb.toString()).isBetween(0, sb.length() + 1);
                refused++;
                continue;
            }
            for (DecodedFrame d : sample) f.matches(d);
            compiled++;
        }
        assertThat(compiled).isPositive();
        assertThat(refused).isPositive();
    }

    @Test
    void mistakesAreExplained() {
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband.bth.ps == 1")).hasMessageContaining("unknown field 'infiniband.bth.ps'");
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband.bth.psn == x")).hasMessageContaining("is a number");
        assertThatThrownBy(() -> DisplayFilter.parse("(infiniband")).hasMessageContaining("missing ')'");
        assertThatThrownBy(() -> DisplayFilter.parse("ip.src > 10.0.0.300")).hasMessageContaining("'10.0.0.300' is not one");
        assertThatThrownBy(() -> DisplayFilter.parse("infiniband infiniband")).hasMessageContaining("unexpected 'infiniband'");
        assertThatThrownBy(() -> DisplayFilter.parse("  ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> DisplayFilter.parse("ip.src == 10.0.0.1 # x")).hasMessageContaining("unexpected character");
    }
}
