package io.rocescope.gui;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;
import io.rocescope.flow.FabricReports;
import io.rocescope.flow.Reports;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The lossless-fabric columns of the Connections table (issue 18), per direction: VLAN IDs, PCPs and
 * DSCPs with their packets, ECN codepoints with counts, distinct UDP source ports, and the CNPs that came
 * back to the direction's sender (their DSCP/PCP and the QP they name). The values are the analysis's
 * ({@link FabricReports.FlowFabric}, as {@code flows -T json} prints them); every column sorts by number.
 */
final class ConnectionFabric {
    private ConnectionFabric() {}

    /** Column titles, each a group of an "A→B" and a "B→A" column. */
    static final List<String> GROUPS = List.of("VLAN", "PCP", "DSCP", "ECN", "UDP sports", "CNP class", "CNP target");

    static void addColumns(TableView<Reports.ConnectionReport> table) {
        group(table, "VLAN", "VLAN IDs and packets (untagged: without a VLAN tag)", ConnectionFabric::vlan);
        group(table, "PCP", "802.1p priorities and packets", f -> counts(f.pcp()));
        group(table, "DSCP", "DSCPs and packets", f -> counts(f.dscp()));
        group(table, "ECN", "ECN codepoints and packets; sorts by CE marks", ConnectionFabric::ecn);
        group(table, "UDP sports", "distinct UDP source ports (ECMP entropy)", ConnectionFabric::ports);
        group(table, "CNP class", "DSCP and PCP of the CNPs that came back to this direction's sender", ConnectionFabric::cnpClass);
        group(table, "CNP target", "the QP those CNPs name", ConnectionFabric::cnpTarget);
    }

    /** A column group: its title carries {@code tip}, what the columns hold, as a tooltip. */
    private static void group(TableView<Reports.ConnectionReport> table, String title, String tip,
                              Function<FabricReports.FlowFabric, SortKey> value) {
        TableColumn<Reports.ConnectionReport, SortKey> parent = new TableColumn<>();
        javafx.scene.control.Label head = new javafx.scene.control.Label(title);
        head.setTooltip(new javafx.scene.control.Tooltip(tip));
        parent.setGraphic(head);
        parent.setId("fabric-" + title);
        for (String dir : List.of("A→B", "B→A")) {
            TableColumn<Reports.ConnectionReport, SortKey> c = new TableColumn<>(dir);
            c.setId(title + " " + dir);
            c.setPrefWidth(title.equals("ECN") ? 150 : title.equals("CNP target") ? 170 : title.startsWith("CNP") ? 130 : 76);
            c.setCellValueFactory(cell -> {
                Reports.FlowReport f = dir.equals("A→B") ? cell.getValue().aToB() : cell.getValue().bToA();
                return new ReadOnlyObjectWrapper<>(f == null || f.fabric() == null ? SortKey.BLANK : value.apply(f.fabric()));
            });
            parent.getColumns().add(c);
        }
        table.getColumns().add(parent);
    }

    /** "100 (80)", several "5 (3), 100 (80)"; "untagged" for a direction without VLAN tags. */
    static SortKey vlan(FabricReports.FlowFabric f) {
        if (f.vlanIds().isEmpty()) return new SortKey(f.untagged() > 0 ? "untagged" : "", -1);
        SortKey k = counts(f.vlanIds());
        return f.untagged() > 0 ? new SortKey(k.text() + ", untagged (" + f.untagged() + ")", k.key()) : k;
    }

    /** Values with their packets, "3 (80), 5 (2)"; sorts by the value most packets had. */
    static SortKey counts(Map<Integer, Long> m) {
        if (m == null || m.isEmpty()) return SortKey.BLANK;
        List<String> parts = new ArrayList<>();
        int top = 0;
        long most = -1;
        for (Map.Entry<Integer, Long> e : m.entrySet()) {
            parts.add(e.getKey() + " (" + e.getValue() + ")");
            if (e.getValue() > most) { most = e.getValue(); top = e.getKey(); }
        }
        return new SortKey(String.join(", ", parts), top);
    }

    /** "ECT(0) 78, CE 2"; sorts by CE marks. */
    static SortKey ecn(FabricReports.FlowFabric f) {
        FabricReports.EcnReport e = f.ecn();
        if (e == null) return SortKey.BLANK;
        List<String> parts = new ArrayList<>();
        for (int code : FabricReports.EcnReport.CODEPOINTS) {
            if (e.count(code) > 0) parts.add(Ipv4PacketKsy.ECN.nameOf(code) + " " + e.count(code));
        }
        return new SortKey(String.join(", ", parts), e.ce());
    }

    /** "1", or "≥64" when the analysis stopped counting. */
    static SortKey ports(FabricReports.FlowFabric f) {
        FabricReports.PortsReport p = f.udpSourcePorts();
        if (p == null) return SortKey.BLANK;
        return new SortKey((p.capped() ? "≥" : "") + p.distinct(), p.distinct());
    }

    /** "DSCP 48 (20), PCP 6 (20)"; sorts by the CNPs' usual DSCP. */
    static SortKey cnpClass(FabricReports.FlowFabric f) {
        FabricReports.CnpReport c = f.cnps();
        if (c == null) return SortKey.BLANK;
        List<String> parts = new ArrayList<>();
        SortKey dscp = counts(c.dscp()), pcp = counts(c.pcp());
        if (!dscp.text().isEmpty()) parts.add("DSCP " + dscp.text());
        if (!pcp.text().isEmpty()) parts.add("PCP " + pcp.text());
        if (parts.isEmpty()) parts.add(Plural.of(c.count(), "CNP"));
        return new SortKey(String.join(", ", parts), c.dscp().isEmpty() ? -1 : dscp.key());
    }

    /** "QP 0x000011 (20 CNPs)". */
    static SortKey cnpTarget(FabricReports.FlowFabric f) {
        FabricReports.CnpReport c = f.cnps();
        if (c == null) return SortKey.BLANK;
        String n = Plural.of(c.count(), "CNP");
        if (c.targetQp() == null) return new SortKey(n, -1);
        return new SortKey(String.format(Locale.ROOT, "QP 0x%06x (%s)", c.targetQp(), n), c.targetQp());
    }
}
