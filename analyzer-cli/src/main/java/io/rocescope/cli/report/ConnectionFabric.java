package io.rocescope.cli.report;

import io.rocescope.flow.FabricReports;

import java.util.ArrayList;
import java.util.List;

import static io.rocescope.cli.report.ReportModel.cell;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN;

/**
 * One direction's traffic classes as the capture saw them (issue 18 §1): VLAN IDs, PCPs and DSCPs with
 * their packets, ECN codepoints, the UDP source ports, and the CNPs that came back (their DSCP/PCP and the
 * QP they name). The tracker's {@link FabricReports.FlowFabric}, as in {@code flows -T json}'s {@code fabric}.
 */
final class ConnectionFabric {
    /** Up to this many UDP source ports are listed; more are only counted. */
    static final int PORTS_LISTED = 8;

    private ConnectionFabric() {}

    /** {@code p}: the direction's pointer in {@code flows -T json}, e.g. /0/aToB. */
    static List<Object> rows(FabricReports.FlowFabric f, String p) {
        Rows r = new Rows();
        if (f == null) return r.list();
        String q = p + "/fabric";
        r.counts("VLAN ID: packets", f.vlanIds(), "flows", q + "/vlanIds");
        if (f.untagged() > 0) r.number("Untagged", f.untagged(), "flows", q + "/untagged");
        r.counts("PCP: packets", f.pcp(), "flows", q + "/pcp");
        r.counts("DSCP: packets", f.dscp(), "flows", q + "/dscp");
        if (f.noIp() > 0) r.number("No IP header", f.noIp(), "flows", q + "/noIp");
        FabricReports.EcnReport e = f.ecn();
        if (e != null) {
            List<Object> ecn = new ArrayList<>();
            for (int code : FabricReports.EcnReport.CODEPOINTS) {
                String name = ECN.nameOf(code);
                ecn.add(Rows.item(name, cell("ECN " + name, e.count(code), "flows", q + "/ecn/" + FabricReports.EcnReport.key(code))));
            }
            r.keyed("ECN: packets", ecn, null);
            if (e.ce() > 0) {
                r.keyed("CE answered by a CNP", List.of(
                    Rows.item("answered", cell("CE answered", e.ceAnswered(), "flows", q + "/ecn/ceAnswered")),
                    Rows.item("unanswered", cell("CE unanswered", e.ceUnanswered(), "flows", q + "/ecn/ceUnanswered"))), null);
            }
        }
        FabricReports.PortsReport ports = f.udpSourcePorts();
        if (ports != null) {
            r.keyed("UDP source ports", List.of(Rows.item(null, cell("UDP source ports", ports.distinct(), "flows", q + "/udpSourcePorts/distinct"))),
                ports.capped() ? "or more (only counted)" : null);
            if (ports.distinct() <= PORTS_LISTED && ports.ports() != null && !ports.ports().isEmpty()) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < ports.ports().size(); i++) {
                    items.add(Rows.item(null, cell("UDP source port", ports.ports().get(i), "flows", q + "/udpSourcePorts/ports/" + i)));
                }
                r.keyed("UDP source port numbers", items, null);
            }
        }
        FabricReports.CnpReport c = f.cnps();
        if (c != null) {
            r.number("CNPs back", c.count(), "flows", q + "/cnps/count");
            r.counts("CNP DSCP: packets", c.dscp(), "flows", q + "/cnps/dscp");
            r.counts("CNP PCP: packets", c.pcp(), "flows", q + "/cnps/pcp");
            r.hex("CNPs target QP", c.targetQp(), "flows", q + "/cnps/targetQp");
        }
        FabricReports.StallReport s = f.pfcStalls();
        if (s != null) {
            r.number("PFC pauses that stalled it", s.pauses(), "flows", q + "/pfcStalls/pauses");
            r.keyed("Time stalled", List.of(Rows.item(null, Sentence.scaledCell("stalled", s.stalledMicros(), 1, 1, "µs", "flows", q + "/pfcStalls/stalledMicros"))), null);
        }
        return r.list();
    }
}
