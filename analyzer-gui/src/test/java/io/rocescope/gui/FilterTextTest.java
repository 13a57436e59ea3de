package io.rocescope.gui;

import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.flow.Reports;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The filter texts the GUI builds from the .ksy's field names and codes are the ones it always wrote: Wireshark's
 * filter syntax, which users see, copy and edit.
 */
class FilterTextTest {
    @Test
    void defaultColourRulesKeepTheirFilterText() {
        assertThat(ColourRule.defaults().stream().map(r -> r.filterText).toList()).containsExactly(
            "infiniband.icrc.status == \"bad\"",
            "infiniband.mad.attributeid == 0x0012",
            "infiniband.aeth.syndrome.opcode == 3",
            "infiniband.aeth.syndrome.opcode == 1",
            ColourRule.ANALYSIS,
            "macc.opcode == 0x0101 || macc.opcode == 0x0001",
            "infiniband.bth.opcode == 129",
            "ip.dsfield.ecn == 3 || ipv6.tclass.ecn == 3",
            "infiniband.cm",
            "tcp",
            "arp");
    }

    @Test
    void theFilterAndFindBarsShowTheirExampleFilters() {
        assertThat(FilterBar.PROMPT).isEqualTo(
            "Apply a display filter … (e.g. infiniband.bth.opcode == 17 || infiniband.aeth.syndrome.opcode == 3)   Ctrl-/");
        assertThat(FindBar.prompt(FindCriterion.DISPLAY_FILTER)).isEqualTo("A display filter, e.g. infiniband.aeth.syndrome.opcode == 3");
    }

    @Test
    void columnAddressesNameTheirFields() {
        assertThat(names(PacketList.addressFields("10.0.0.1"))).containsExactly("ip.src", "ip.dst", "ip.addr");
        assertThat(names(PacketList.addressFields("02:00:00:00:00:01"))).containsExactly("eth.src", "eth.dst", "eth.addr");
        assertThat(names(PacketList.addressFields("fe80::1"))).containsExactly("ipv6.src", "ipv6.dst", "ipv6.addr");
        assertThat(PacketList.addressFields("Broadcast")).isNull();
        assertThat(PacketList.addressFields("")).isNull();
    }

    @Test
    void followQpFilterNamesAddressesAndQp() {
        assertThat(FollowQp.filter(connection(flow("10.0.0.1", "10.0.0.2", 0x11), flow("10.0.0.2", "10.0.0.1", 0xa2))))
            .isEqualTo("(ip.src == 10.0.0.1 && ip.dst == 10.0.0.2 && infiniband.bth.destqp == 0x000011)"
                + " || (ip.src == 10.0.0.2 && ip.dst == 10.0.0.1 && infiniband.bth.destqp == 0x0000a2)");
        assertThat(FollowQp.filter(connection(flow("fd00::1", "fd00::2", 0xabcdef), null)))
            .isEqualTo("(ipv6.src == fd00::1 && ipv6.dst == fd00::2 && infiniband.bth.destqp == 0xabcdef)");
        assertThat(FollowQp.filter(connection(flow("LID 1", "LID 2", 1), null))).isEqualTo("(infiniband.bth.destqp == 0x000001)");
    }

    private static Reports.FlowReport flow(String src, String dst, int qp) {
        return new Reports.FlowReport(src, dst, qp, null, 0, 0, 0, 0, 0, null, null, null, null, null, null, null, 0, 0, 0,
            null, null, null);
    }

    private static Reports.ConnectionReport connection(Reports.FlowReport aToB, Reports.FlowReport bToA) {
        return new Reports.ConnectionReport(1, "RC", null, null, null, null, null, null, null, aToB, bToA, null, null, null, null);
    }

    private static List<String> names(FieldSpec[] fields) {
        return java.util.Arrays.stream(fields).map(FieldSpec::abbrev).toList();
    }
}
