package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.flow.ConnectionParameters;
import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The selected connection's parameters (issue 19) beside the Connections table: as negotiated (CM REQ/REP,
 * perftest's exchange), as its traffic shows them, and how it ended (the ending findings with the findings
 * registry's explanation). The values are the analysis's ({@link ConnectionParameters.Report}, the
 * {@code parameters} of {@code flows -T json}); a value the capture does not show is not listed.
 */
final class ConnectionDetails {
    /** One line of the sheet: a parameter and its value for the connection, or for QP A and QP B. */
    record Row(String section, String name, String a, String b) {}

    /** The finding kinds that say how a connection (or its set-up) ended. */
    static final Set<String> ENDINGS = Set.of(FindingKind.QP_RETRY_EXHAUSTED.key(), FindingKind.QP_RNR_RETRY_EXHAUSTED.key(),
        FindingKind.QP_ERROR_NAK.key(), FindingKind.QP_STOPPED_MID_MESSAGE.key(), FindingKind.CM_REJ.key(),
        FindingKind.CM_TIMEOUT.key(), FindingKind.CM_DREQ_UNANSWERED.key(), FindingKind.SETUP_INCOMPLETE.key());

    static final String NEGOTIATED = "Negotiated", OBSERVED = "Observed from traffic";

    final VBox box = new VBox(6);
    final ScrollPane pane = new ScrollPane(box);
    final Label title = new Label("Select a connection to see its parameters and how it ended.");
    final GridPane sheet = new GridPane();
    final VBox ending = new VBox(4);
    private List<Row> rows = List.of();
    private List<Finding> endings = List.of();

    ConnectionDetails() {
        pane.setId("connection-details");
        pane.setFitToWidth(true);
        box.setPadding(new Insets(8));
        title.getStyleClass().add("view-header");
        title.setWrapText(true);
        sheet.setHgap(14);
        sheet.setVgap(2);
        for (int i = 0; i < 3; i++) {
            ColumnConstraints col = new ColumnConstraints();
            col.setMinWidth(Region.USE_PREF_SIZE);   // a narrow pane scrolls sideways; names and values never overlap
            sheet.getColumnConstraints().add(col);
        }
        box.getChildren().addAll(title, sheet, ending);
    }

    /**
     * Shows connection {@code c} of analysis {@code a}. {@code frame} (a frame by number) is no longer read: findings
     * name their connection; it stays until the window stops passing it.
     */
    void show(Reports.ConnectionReport c, Reports.Analysis a, LongFunction<DecodedFrame> frame) {
        sheet.getChildren().clear();
        ending.getChildren().clear();
        if (c == null) {
            rows = List.of();
            endings = List.of();
            title.setText("Select a connection to see its parameters and how it ended.");
            return;
        }
        title.setText("Connection " + c.id() + ": " + ConnectionsView.endpoint(c.a()) + " ↔ " + ConnectionsView.endpoint(c.b())
            + "  (" + c.transport() + ", set-up " + c.setup().json() + ")");
        rows = rows(c);
        int r = 0;
        String section = null;
        boolean perQp = false;
        for (Row row : rows) {
            if (!row.section().equals(section)) {
                section = row.section();
                perQp = false;
                Label s = new Label(section.equals(NEGOTIATED) ? negotiatedTitle(c.parameters()) : section);
                s.getStyleClass().add("details-section");
                sheet.add(s, 0, r++, 3, 1);
            }
            if (row.b() != null && !perQp) {
                perQp = true;
                sheet.add(heading("QP A (" + (c.a() == null ? "?" : c.a().ip()) + ")"), 1, r);
                sheet.add(heading("QP B (" + (c.b() == null ? "?" : c.b().ip()) + ")"), 2, r++);
            }
            sheet.add(whole(new Label(row.name())), 0, r);
            if (row.b() == null) {
                sheet.add(value(row.a()), 1, r, 2, 1);
            } else {
                sheet.add(value(row.a()), 1, r);
                sheet.add(value(row.b()), 2, r);
            }
            r++;
        }
        if (rows.isEmpty()) sheet.add(new Label("No parameters: no set-up was seen and the traffic shows none."), 0, 0, 3, 1);
        endings = a == null ? List.of() : endings(c, a);
        Label s = new Label("How it ended");
        s.getStyleClass().add("details-section");
        ending.getChildren().add(s);
        if (endings.isEmpty()) {
            ending.getChildren().add(new Label(quietEnd(c)));
        }
        for (Finding f : endings) {
            Label m = new Label("[" + ExpertView.label(f.severity()) + "] " + f.message());
            m.setWrapText(true);
            m.getStyleClass().addAll("finding-message", "sev-text-" + f.severity().json());
            Label e = new Label(ExpertView.explain(f.kind()));
            e.setWrapText(true);
            e.getStyleClass().add("finding-explanation");
            ending.getChildren().addAll(m, e);
        }
    }

    List<Row> rows() { return rows; }

    List<Finding> endings() { return endings; }

    /** A label that keeps its whole text (the pane scrolls sideways rather than cut a value short). */
    private static Label whole(Label l) {
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label heading(String s) {
        Label l = whole(new Label(s));
        l.getStyleClass().add("details-heading");
        return l;
    }

    private static Label value(String s) {
        Label l = whole(new Label(s == null ? "" : s));
        l.getStyleClass().add("details-value");
        return l;
    }

    private static String negotiatedTitle(ConnectionParameters.Report p) {
        String by = p.negotiatedBy() == null ? "" : " by " + p.negotiatedBy();
        String frames = p.frames() == null ? "" : " (frames " + String.join(", ", p.frames().stream().map(String::valueOf).toList()) + ")";
        return NEGOTIATED + by + frames;
    }

    /** Nothing says it failed: when its last packet went, and whether it was disconnected. */
    private static String quietEnd(Reports.ConnectionReport c) {
        long last = 0;
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) if (f != null) last = Math.max(last, f.lastFrame());
        boolean disconnected = c.timeline() != null && c.timeline().stream().anyMatch(e -> e.step() == TimelineEvent.Step.DREP);
        return (disconnected ? "Disconnected (DREQ answered by DREP)." : "No finding says the QP failed.")
            + (last > 0 ? " Its last packet is frame " + last + "." : "");
    }

    /** The sheet's lines: connection-wide values, then each QP's negotiated and observed values. */
    static List<Row> rows(Reports.ConnectionReport c) {
        List<Row> out = new ArrayList<>();
        ConnectionParameters.Report p = c.parameters();
        if (p == null) return out;
        if (p.negotiatedBy() != null) {
            one(out, "Path MTU", p.pathMtu(), String::valueOf);
            one(out, "P_Key", p.pkey(), v -> String.format(Locale.ROOT, "0x%04x", v));
            one(out, "Traffic class", p.trafficClass(), String::valueOf);
            one(out, "Hop limit", p.hopLimit(), String::valueOf);
            one(out, "Flow label", p.flowLabel(), v -> String.format(Locale.ROOT, "0x%05x", v));
            one(out, "CM response timeout (local)", p.localCmResponseTimeout(), ConnectionDetails::iba);
            one(out, "CM response timeout (remote)", p.remoteCmResponseTimeout(), ConnectionDetails::iba);
            one(out, "Max CM retries", p.maxCmRetries(), String::valueOf);
            one(out, "Target ACK delay", p.targetAckDelay(), ConnectionDetails::iba);
        }
        ConnectionParameters.Qp a = p.a(), b = p.b();
        both(out, NEGOTIATED, "Retry count", a, b, ConnectionParameters.Qp::retryCount, String::valueOf);
        both(out, NEGOTIATED, "RNR retry count", a, b, ConnectionParameters.Qp::rnrRetryCount, v -> v == IbMadKsy.RNR_RETRY_COUNT_INFINITE ? v + " (" + IbMadKsy.RNR_RETRY_COUNT.label(v) + ")" : String.valueOf(v));
        both(out, NEGOTIATED, "Local ACK timeout", a, b, ConnectionParameters.Qp::ackTimeout, ConnectionDetails::iba);
        both(out, NEGOTIATED, "Initiator depth", a, b, ConnectionParameters.Qp::initiatorDepth, String::valueOf);
        both(out, NEGOTIATED, "Responder resources", a, b, ConnectionParameters.Qp::responderResources, String::valueOf);
        both(out, NEGOTIATED, "READs it may have outstanding", a, b, ConnectionParameters.Qp::readLimit, String::valueOf);
        both(out, NEGOTIATED, "SRQ", a, b, ConnectionParameters.Qp::srq, v -> v ? "yes" : "no");
        both(out, NEGOTIATED, "End-to-end flow control", a, b, ConnectionParameters.Qp::endToEndFlowControl, v -> v ? "yes" : "no");
        both(out, NEGOTIATED, "Outstanding reads (perftest)", a, b, ConnectionParameters.Qp::outstandingReads, String::valueOf);
        if (c.a() != null && c.b() != null && (c.a().startPsn() != null || c.b().startPsn() != null)) {
            out.add(new Row(NEGOTIATED, "Starting PSN", psn(c.a().startPsn()), psn(c.b().startPsn())));
        }
        Function<ConnectionParameters.Qp, ConnectionParameters.Observed> obs = q -> q == null ? null : q.observed();
        ConnectionParameters.Observed oa = obs.apply(a), ob = obs.apply(b);
        both(out, OBSERVED, "Timeout retransmissions", oa, ob, ConnectionParameters.Observed::timeoutRetransmissions, String::valueOf);
        both(out, OBSERVED, "ACK timeout (silence, median)", oa, ob, ConnectionParameters.Observed::ackTimeoutMicros,
            us -> String.format(Locale.ROOT, "%.3f ms", us / 1000.0));
        both(out, OBSERVED, "… as IBA timeout", oa, ob, ConnectionParameters.Observed::ackTimeoutExponent, ConnectionDetails::iba);
        both(out, OBSERVED, "Most sends of one PSN", oa, ob, ConnectionParameters.Observed::mostSendsOfOnePsn, String::valueOf);
        both(out, OBSERVED, "Retries made", oa, ob, ConnectionParameters.Observed::retriesMade, String::valueOf);
        both(out, OBSERVED, "RNR NAKs", oa, ob, ConnectionParameters.Observed::rnrNaks, String::valueOf);
        both(out, OBSERVED, "RNR timers", oa, ob, ConnectionParameters.Observed::rnrTimersMicros,
            l -> String.join(", ", l.stream().map(us -> String.format(Locale.ROOT, "%.2f ms", us / 1000.0)).toList()));
        both(out, OBSERVED, "Most RNR NAKs for one PSN", oa, ob, ConnectionParameters.Observed::mostRnrNaksForOnePsn, String::valueOf);
        both(out, OBSERVED, "MTU used", oa, ob, ConnectionParameters.Observed::mtuUsed, String::valueOf);
        both(out, OBSERVED, "READs outstanding (most)", oa, ob, ConnectionParameters.Observed::mostReadsOutstanding, String::valueOf);
        both(out, OBSERVED, "Atomics outstanding (most)", oa, ob, ConnectionParameters.Observed::mostAtomicsOutstanding, String::valueOf);
        return out;
    }

    private static <T> void one(List<Row> out, String name, T v, Function<T, String> text) {
        if (v != null) out.add(new Row(NEGOTIATED, name, text.apply(v), null));
    }

    private static <Q, T> void both(List<Row> out, String section, String name, Q a, Q b, Function<Q, T> get, Function<T, String> text) {
        T va = a == null ? null : get.apply(a), vb = b == null ? null : get.apply(b);
        if (va == null && vb == null) return;
        out.add(new Row(section, name, va == null ? "—" : text.apply(va), vb == null ? "—" : text.apply(vb)));
    }

    /** "20 (4.295 s)": an IBA time exponent and the time it stands for. */
    static String iba(int n) { return n + " (" + CmNames.ibaTime(n) + ")"; }

    private static String psn(Integer psn) { return psn == null ? "—" : String.format(Locale.ROOT, "%d (0x%06x)", psn, psn); }

    /** The analysis's ending findings that belong to {@code c}: those that carry its number. */
    static List<Finding> endings(Reports.ConnectionReport c, Reports.Analysis a) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : a.findings()) if (f.connection() == c.id() && ENDINGS.contains(f.kind())) out.add(f);
        return out;
    }

    static boolean ofConnection(Reports.ConnectionReport c, DecodedFrame d) {
        if (d == null || !d.isRoce()) return false;
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f != null && f.destQp() == d.ib().destQp() && f.src().equals(address(d, true)) && f.dst().equals(address(d, false))) {
                return true;
            }
        }
        return false;
    }

    /** A frame's source or destination address as the analysis names it. */
    private static String address(DecodedFrame d, boolean source) {
        return io.rocescope.dissector.text.SummaryLine.address(new io.rocescope.dissector.text.LineBuffer(), d, source).toString();
    }
}
