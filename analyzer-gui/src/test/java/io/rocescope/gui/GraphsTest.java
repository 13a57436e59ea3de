package io.rocescope.gui;

import io.rocescope.dissector.field.OpcodeTable;
import com.fasterxml.jackson.databind.JsonNode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statistics ▸ PSN Time-Sequence Graph and RTT Distribution on real captures: the graph's points are the
 * PSNs and times tshark gives for the connection's frames ({@code infiniband.bth.psn},
 * {@code frame.time_relative}), its retransmissions the analysis's count; the RTT histogram holds the
 * tracker's values, its count, min, median, p99 and max those of {@code flows -T json}.
 */
@ExtendWith(ApplicationExtension.class)
class GraphsTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    /** One frame as tshark shows it. */
    private record Shark(long frame, long nanos, String src, String dst, int destQp, int opcode, int psn, int syndrome,
                         int ecn, int creditCode, int msn) {
        boolean response() { return OpcodeTable.isResponse(opcode); }
    }

    private static List<Shark> tshark(String path) throws Exception {
        List<String> lines = GuiTests.tshark("-r", path, "-Y", "infiniband.bth", "-T", "fields", "-E", "separator=|",
            "-e", "frame.number", "-e", "frame.time_relative", "-e", "ip.src", "-e", "ip.dst", "-e", "ipv6.src", "-e", "ipv6.dst",
            "-e", "infiniband.bth.destqp", "-e", "infiniband.bth.opcode", "-e", "infiniband.bth.psn", "-e", "infiniband.aeth.syndrome",
            "-e", "ip.dsfield.ecn", "-e", "ipv6.tclass.ecn", "-e", "infiniband.aeth.syndrome.credit_count", "-e", "infiniband.aeth.msn");
        Assumptions.assumeTrue(lines != null, "needs tshark (the oracle)");
        List<Shark> out = new ArrayList<>();
        for (String l : lines) {
            String[] c = l.split("\\|", -1);
            long nanos = new BigDecimal(c[1]).movePointRight(9).longValueExact();
            String src = c[2].isEmpty() ? c[4] : c[2], dst = c[3].isEmpty() ? c[5] : c[3];
            String ecn = c[10].isEmpty() ? c[11] : c[10];
            out.add(new Shark(Long.parseLong(c[0]), nanos, src, dst, Integer.decode(c[6]), Integer.parseInt(c[7]), Integer.parseInt(c[8]),
                c[9].isEmpty() ? -1 : Integer.decode(c[9].split(",")[0]), ecn.isEmpty() ? -1 : Integer.decode(ecn.split(",")[0]),
                c[12].isEmpty() ? -1 : Integer.decode(c[12].split(",")[0]), c[13].isEmpty() ? -1 : Integer.decode(c[13].split(",")[0])));
        }
        return out;
    }

    /** The test's own unwrapping: each PSN the value nearest the highest one before it. */
    private static final class Unwrap {
        long high = Long.MIN_VALUE;

        long next(int psn) {
            if (high == Long.MIN_VALUE) return high = psn;
            long best = psn + (high >> 24 << 24);
            for (long k = -1; k <= 1; k++) {
                long v = psn + ((high >> 24) + k << 24);
                if (Math.abs(v - high) < Math.abs(best - high)) best = v;
            }
            high = Math.max(high, best);
            return best;
        }
    }

    @Test
    void thePsnGraphsPointsAreTsharksPsnsAndTimes(FxRobot robot) throws Exception {
        for (String capture : List.of("retry_exhausted", "send_bw_loss2pct", "write_bw_rc", "read_bw_rc", "rnr_nak", "nak_remote_access_write")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            robot.interact(() -> gui.tabs.getSelectionModel().select(gui.psnTab));
            JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path);
            List<Shark> frames = tshark(path);
            List<PsnGraphView.Choice> choices = gui.psnGraph.direction.getItems();
            int expectedChoices = 0;
            for (JsonNode c : flows) for (String dir : List.of("aToB", "bToA")) {
                JsonNode f = c.get(dir);
                if (!f.isNull() && !f.get("psn").isNull() && f.get("psn").get("requests").asLong() > 0) expectedChoices++;
            }
            assertThat(choices).as(capture).hasSize(expectedChoices).isNotEmpty();
            for (PsnGraphView.Choice choice : choices) {
                robot.interact(() -> gui.psnGraph.direction.getSelectionModel().select(choice));
                GuiTests.settle(gui);
                SequencePoints p = gui.psnGraph.graph.points();
                String where = capture + " " + choice;
                assertThat(p).as(where).isNotNull();
                JsonNode c = connection(flows, choice.connection().id());
                JsonNode flow = c.get(choice.aToB() ? "aToB" : "bToA"), self = c.get(choice.aToB() ? "a" : "b");
                String src = flow.get("src").asText(), dst = flow.get("dst").asText();
                int qp = flow.get("destQp").asInt(), back = self.get("qpn").asInt();
                // tshark's frames of this direction: the requests sent, the answers coming back
                List<String> wantRequests = new ArrayList<>(), wantAnswers = new ArrayList<>();
                List<double[]> naks = new ArrayList<>(), rnrNaks = new ArrayList<>();   // time (s), unwrapped PSN
                Unwrap u = new Unwrap();
                for (Shark s : frames) {
                    boolean request = !s.response() && !OpcodeTable.isCnp(s.opcode()) && s.destQp() == qp && s.src().equals(src) && s.dst().equals(dst);
                    boolean answer = s.response() && s.destQp() == back && s.src().equals(dst) && s.dst().equals(src);
                    if (request) wantRequests.add(s.frame() + " " + s.nanos() + " " + u.next(s.psn()));
                    if (answer) {
                        long psn = u.next(s.psn());
                        wantAnswers.add(s.frame() + " " + s.nanos() + " " + psn + " " + answerKind(s));
                        if (answerKind(s).equals("NAK")) naks.add(new double[] {s.nanos() / 1e9, psn});
                        if (answerKind(s).equals("RNR_NAK")) rnrNaks.add(new double[] {s.nanos() / 1e9, psn});
                    }
                }
                List<String> gotRequests = new ArrayList<>(), gotAnswers = new ArrayList<>();
                for (int i = 0; i < p.requests.size; i++) gotRequests.add(p.requests.frames[i] + " " + p.requests.nanos[i] + " " + p.requests.psns[i]);
                for (int i = 0; i < p.answers.size; i++) {
                    gotAnswers.add(p.answers.frames[i] + " " + p.answers.nanos[i] + " " + p.answers.psns[i] + " " + p.answers.kinds[i]);
                }
                assertThat(gotRequests).as(where + " requests").isEqualTo(wantRequests);
                assertThat(gotAnswers).as(where + " answers").isEqualTo(wantAnswers);
                assertThat((long) p.requests.size).as(where).isEqualTo(flow.get("psn").get("requests").asLong());
                // the retransmitted ones: as many as the analysis counts
                long resent = 0;
                for (int i = 0; i < p.requests.size; i++) if (p.requests.kinds[i] == SequencePoints.Kind.RESENT) resent++;
                assertThat(resent).as(where + " retransmitted").isEqualTo(flow.get("psn").get("retransmittedPackets").asLong());
                assertThat(p.requests.leftOut + p.answers.leftOut).isZero();
                // drawn where tshark puts the NAK frames: a cross (RNR NAK: a triangle) at each one's time and PSN, none elsewhere
                PixelReader px = pixels(robot, gui.psnGraph.graph);
                assertMarksAt(gui.psnGraph.graph, px, PsnGraph.NAK, naks, where + " NAK");
                assertMarksAt(gui.psnGraph.graph, px, PsnGraph.RNR, rnrNaks, where + " RNR NAK");
                if (Set.of("rnr_nak", "nak_remote_access_write", "send_bw_loss2pct").contains(capture)) {
                    assertThat(naks.size() + rnrNaks.size()).as(where + ": the capture has NAKs").isPositive();
                }
            }
            if (capture.equals("send_bw_loss2pct") || capture.equals("retry_exhausted") || capture.equals("read_bw_rc")) {
                robot.interact(() -> {
                    gui.tabs.getSelectionModel().select(gui.psnTab);
                    gui.psnGraph.direction.getSelectionModel().select(0);
                });
                GuiTests.settle(gui);
                GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "psn-graph-" + capture);
            }
        }
    }

    /**
     * The credit window, CNP and CE ticks against tshark: the credits of every ACK ({@code
     * infiniband.aeth.syndrome.credit_count}, the IBTA code; the tracker's table gives the count, and the
     * graph's changes of it are the tracker's {@code creditChanges}), the CNPs ({@code infiniband.bth.opcode
     * == 0x81}) whose DestQP is the requester's QP, the requests with {@code ip.dsfield.ecn == 3}; on the
     * credits scenario (two-packet SENDs) each window edge is the last PSN of message MSN + credits, and the
     * ticks are drawn at their frames' times.
     */
    @Test
    void theCreditWindowAndTheCnpAndCeTicksAreTsharks(FxRobot robot, @TempDir Path tmp) throws Exception {
        String credits = tmp.resolve("synth_credits.pcap").toString();
        GuiTests.cli("synth", "credits", "-o", credits, "--seed", "1");
        for (String path : List.of(credits, RoceScopeGuiTest.path("synth_congestion"), RoceScopeGuiTest.path("send_bw_tclass106_ce"),
                RoceScopeGuiTest.path("rnr_nak"), RoceScopeGuiTest.path("read_bw_rc"))) {
            GuiTests.open(robot, gui, path);
            robot.interact(() -> gui.tabs.getSelectionModel().select(gui.psnTab));
            JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path);
            List<Shark> frames = tshark(path);
            List<PsnGraphView.Choice> choices = List.copyOf(gui.psnGraph.direction.getItems());
            assertThat(choices).as(path).isNotEmpty();
            long cnpsSeen = 0, ceSeen = 0, limitedSeen = 0;
            for (PsnGraphView.Choice choice : choices) {
                robot.interact(() -> gui.psnGraph.direction.getSelectionModel().select(choice));
                GuiTests.settle(gui);
                PsnGraph g = gui.psnGraph.graph;
                SequencePoints p = g.points();
                String where = Path.of(path).getFileName() + " " + choice;
                JsonNode c = connection(flows, choice.connection().id());
                JsonNode flow = c.get(choice.aToB() ? "aToB" : "bToA"), self = c.get(choice.aToB() ? "a" : "b");
                String src = flow.get("src").asText(), dst = flow.get("dst").asText();
                int qp = flow.get("destQp").asInt(), back = self.get("qpn").asInt();
                List<String> wantCe = new ArrayList<>(), wantCnp = new ArrayList<>(), wantCredits = new ArrayList<>();
                Unwrap u = new Unwrap();
                long first = Long.MIN_VALUE;
                for (Shark s : frames) {
                    boolean request = !s.response() && !OpcodeTable.isCnp(s.opcode()) && s.destQp() == qp && s.src().equals(src) && s.dst().equals(dst);
                    boolean answer = s.response() && s.destQp() == back && s.src().equals(dst) && s.dst().equals(src);
                    if (s.opcode() == 0x81 && s.destQp() == back && s.src().equals(dst) && s.dst().equals(src)) wantCnp.add(s.frame() + " " + s.nanos());
                    if (!request && !answer) continue;
                    long psn = u.next(s.psn());
                    if (request && first == Long.MIN_VALUE) first = psn;
                    if (request && s.ecn() == 3) wantCe.add(s.frame() + " " + s.nanos() + " " + psn);
                    boolean ack = answer && ((s.opcode() & 0x1F) == 0x11 || (s.opcode() & 0x1F) == 0x12) && s.syndrome() >= 0 && (s.syndrome() >>> 5 & 3) == 0;
                    if (ack) {
                        int n = io.rocescope.dissector.field.InfinibandNames.credits(s.creditCode());
                        // the credits scenario: message k (from 1) ends at PSN first + 2k - 1; the window at message MSN + credits
                        String edge = n < 0 ? "unlimited" : path.equals(credits) ? Long.toString(first + 2L * (s.msn() + n) - 1) : "";
                        wantCredits.add(s.frame() + " " + s.nanos() + " " + n + " " + edge);
                    }
                }
                List<String> gotCe = new ArrayList<>(), gotCnp = new ArrayList<>(), gotCredits = new ArrayList<>();
                for (int i = 0; i < p.ce.size; i++) gotCe.add(p.ce.frames[i] + " " + p.ce.nanos[i] + " " + p.ce.psns[i]);
                for (int i = 0; i < p.cnps.size; i++) gotCnp.add(p.cnps.frames[i] + " " + p.cnps.nanos[i]);
                CreditWindow w = p.credits;
                for (int i = 0; i < w.size(); i++) {
                    String edge = w.credits[i] < 0 ? "unlimited" : path.equals(credits) ? Long.toString(w.edges[i]) : "";
                    gotCredits.add(w.frames[i] + " " + w.nanos[i] + " " + w.credits[i] + " " + edge);
                }
                assertThat(gotCe).as(where + " CE").isEqualTo(wantCe);
                assertThat(gotCnp).as(where + " CNPs").isEqualTo(wantCnp);
                assertThat(gotCredits).as(where + " credits").isEqualTo(wantCredits);
                // the tracker's figures: its CNPs to this sender, its CE-marked packets, its credit changes
                assertThat((long) p.cnps.size).as(where).isEqualTo(flow.get("cnps").asLong());
                assertThat((long) p.ce.size).as(where).isEqualTo(flow.get("ceMarked").asLong());
                List<String> changes = new ArrayList<>(), trackers = new ArrayList<>();
                int last = Integer.MIN_VALUE;
                for (int i = 0; i < w.size(); i++) if (w.credits[i] != last) changes.add(w.frames[i] + " " + (last = w.credits[i]));
                for (JsonNode ch : flow.get("answers").get("creditChanges")) trackers.add(ch.get("frame").asLong() + " " + ch.get("credits").asLong());
                assertThat(changes).as(where + " credit changes").isEqualTo(trackers);
                assertThat(gui.psnGraph.info.getText()).as(where).contains(String.format(java.util.Locale.ROOT, "%,d CNPs, %,d CE-marked", p.cnps.size, p.ce.size));
                // drawn at their frames' times: CNP ticks along the top, CE ticks along the bottom
                PixelReader px = pixels(robot, g);
                for (int i = 0; i < p.cnps.size; i++) {
                    int x = (int) Math.round(g.px(p.cnps.nanos[i] / 1e9));
                    assertThat(tickAt(px, x, (int) (PlotArea.TOP + PsnGraph.TICK / 2), PsnGraph.CNP)).as(where + " CNP tick at x " + x).isTrue();
                }
                for (int i = 0; i < p.ce.size; i++) {
                    int x = (int) Math.round(g.px(p.ce.nanos[i] / 1e9));
                    assertThat(tickAt(px, x, (int) (PlotArea.TOP + g.plotHeight() - PsnGraph.TICK / 2), PsnGraph.CE)).as(where + " CE tick at x " + x).isTrue();
                }
                cnpsSeen += p.cnps.size;
                ceSeen += p.ce.size;
                if (w.limited()) {
                    limitedSeen++;
                    // the window line passes through each counted edge just after its ACK
                    for (int i = 0; i < w.size(); i++) {
                        // no credits: the window is the ACK line itself, drawn over it
                        if (w.credits[i] <= 0 || w.edges[i] > g.y1 || (i + 1 < w.size() && g.px(w.nanos[i + 1] / 1e9) - g.px(w.nanos[i] / 1e9) < 3)) continue;
                        int x = (int) Math.round(g.px(w.nanos[i] / 1e9)) + 1, y = (int) Math.round(g.py(w.edges[i]));
                        boolean found = false;
                        for (int dy = -2; dy <= 2; dy++) found |= near(px.getArgb(x, y + dy), PsnGraph.WINDOW, 70);   // a 1.5-pixel line, smoothed
                        assertThat(found).as(where + " window line at ACK frame " + w.frames[i] + " (pixel " + x + "," + y + ")").isTrue();
                    }
                }
            }
            String name = Path.of(path).getFileName().toString();
            if (name.equals("synth_credits.pcap")) assertThat(limitedSeen).as(name + ": limited credits").isPositive();
            if (name.equals("synth_congestion.pcap")) assertThat(cnpsSeen).as(name + ": CNPs").isPositive();
            if (name.equals("synth_congestion.pcap") || name.equals("send_bw_tclass106_ce.pcap")) assertThat(ceSeen).as(name + ": CE marks").isPositive();
            if (!name.startsWith("rnr") && !name.startsWith("read")) {
                robot.interact(() -> gui.psnGraph.direction.getSelectionModel().select(0));
                GuiTests.settle(gui);
                GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "psn-graph-" + name.replace(".pcap", ""));
            }
        }
    }

    /** The graph's canvas as drawn now. */
    private static PixelReader pixels(FxRobot robot, PsnGraph g) {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = g.canvas.snapshot(null, null));
        return img[0].getPixelReader();
    }

    /** A tick of {@code color} at column x (a 1.5-pixel line, smoothed: within a pixel of it) on row y. */
    private static boolean tickAt(PixelReader px, int x, int y, Color color) {
        for (int dx = -1; dx <= 1; dx++) if (near(px.getArgb(x + dx, y), color, 70)) return true;
        return false;
    }

    private static boolean near(int argb, Color c, double tolerance) {
        Color p = Color.rgb((argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF);
        return Math.abs(p.getRed() - c.getRed()) * 255 <= tolerance && Math.abs(p.getGreen() - c.getGreen()) * 255 <= tolerance
            && Math.abs(p.getBlue() - c.getBlue()) * 255 <= tolerance;
    }

    /**
     * A mark of {@code color} within 4 pixels of each (time, PSN) of {@code at} (a later mark may cover its
     * centre), and every pixel of that colour in the plot within 8 pixels of one of them.
     */
    private static void assertMarksAt(PsnGraph g, PixelReader px, Color color, List<double[]> at, String what) {
        for (double[] m : at) {
            int cx = (int) Math.round(g.px(m[0])), cy = (int) Math.round(g.py(m[1]));
            boolean found = false;
            for (int dy = -4; dy <= 4 && !found; dy++) for (int dx = -4; dx <= 4 && !found; dx++) found = near(px.getArgb(cx + dx, cy + dy), color, 40);
            assertThat(found).as(what + " mark at time " + m[0] + " PSN " + (long) m[1] + " (pixel " + cx + "," + cy + ")").isTrue();
        }
        for (int y = (int) PlotArea.TOP + 1; y < PlotArea.TOP + g.plotHeight() - 1; y++) {
            for (int x = (int) PlotArea.LEFT + 1; x < PlotArea.LEFT + g.plotWidth() - 1; x++) {
                if (!near(px.getArgb(x, y), color, 6)) continue;
                boolean close = false;
                for (double[] m : at) close |= Math.abs(g.px(m[0]) - x) <= 8 && Math.abs(g.py(m[1]) - y) <= 8;
                assertThat(close).as(what + " colour at pixel " + x + "," + y + ", away from every " + what).isTrue();
            }
        }
    }

    private static String answerKind(Shark s) {
        if ((s.opcode() & 0x1F) != 0x11) return "RESPONSE";
        return switch ((s.syndrome() >>> 5) & 3) {
            case 1 -> "RNR_NAK";
            case 3 -> "NAK";
            default -> "ACK";
        };
    }

    private static JsonNode connection(JsonNode flows, int id) {
        for (JsonNode c : flows) if (c.get("id").asInt() == id) return c;
        throw new AssertionError("no connection " + id);
    }

    @Test
    void clickingAPointSelectsItsFrameAndTheGraphZooms(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("retry_exhausted");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> gui.tabs.getSelectionModel().select(gui.psnTab));
        GuiTests.settle(gui);
        PsnGraph g = gui.psnGraph.graph;
        SequencePoints p = g.points();
        // the last request: a retransmission (the PSN sent 4 times)
        int last = p.requests.size - 1;
        assertThat(p.requests.kinds[last]).isEqualTo(SequencePoints.Kind.RESENT);
        long frame = p.requests.frames[last];
        double x = g.px(p.requests.nanos[last] / 1e9), y = g.py(p.requests.psns[last]);
        robot.interact(() -> {
            g.fireEvent(mouse(MouseEvent.MOUSE_PRESSED, x, y, 1));
            g.fireEvent(mouse(MouseEvent.MOUSE_RELEASED, x, y, 1));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gui.detail.shown().number()).isEqualTo(frame);
        assertThat(gui.frames.getSelectionModel().getSelectedItem()).isEqualTo((int) frame - 1);
        // a click on empty space selects nothing else
        robot.interact(() -> {
            g.fireEvent(mouse(MouseEvent.MOUSE_PRESSED, PlotArea.LEFT + 2, PlotArea.TOP + 2, 1));
            g.fireEvent(mouse(MouseEvent.MOUSE_RELEASED, PlotArea.LEFT + 2, PlotArea.TOP + 2, 1));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gui.detail.shown().number()).isEqualTo(frame);
        // the wheel zooms in around the pointer; dragging a rectangle zooms to it; a double-click shows all
        double span = g.x1 - g.x0;
        javafx.geometry.Point2D at = g.localToScene(x, y);
        robot.interact(() -> g.fireEvent(new ScrollEvent(ScrollEvent.SCROLL, at.getX(), at.getY(), at.getX(), at.getY(), false, false, false, false, false, false,
            0, 40, 0, 40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0, ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
        assertThat(g.x1 - g.x0).isLessThan(span);
        assertThat(g.zoomed()).isTrue();
        double ax = g.dataX(x - 30), bx = g.dataX(x + 30);
        robot.interact(() -> {
            g.fireEvent(mouse(MouseEvent.MOUSE_PRESSED, x - 30, y - 30, 1));
            g.fireEvent(mouse(MouseEvent.MOUSE_DRAGGED, x + 30, y + 30, 1));
            g.fireEvent(mouse(MouseEvent.MOUSE_RELEASED, x + 30, y + 30, 1));
        });
        assertThat(g.x0).isCloseTo(ax, org.assertj.core.data.Offset.offset((bx - ax) * 1e-6));
        assertThat(g.x1).isCloseTo(bx, org.assertj.core.data.Offset.offset((bx - ax) * 1e-6));
        GuiTests.screenshot(robot, g, "psn-graph-zoomed");
        robot.interact(() -> {
            g.fireEvent(mouse(MouseEvent.MOUSE_PRESSED, x, y, 2));
            g.fireEvent(mouse(MouseEvent.MOUSE_RELEASED, x, y, 2));
        });
        assertThat(g.zoomed()).isFalse();
    }

    /** A mouse event at (x, y) of the graph (an event fired at a node takes its place from the scene's coordinates). */
    private MouseEvent mouse(javafx.event.EventType<MouseEvent> type, double x, double y, int clicks) {
        javafx.geometry.Point2D s = gui.psnGraph.graph.localToScene(x, y);
        return new MouseEvent(type, s.getX(), s.getY(), s.getX(), s.getY(), MouseButton.PRIMARY, clicks, false, false, false, false,
            true, false, false, false, false, false, null);
    }

    @Test
    void theRttHistogramHoldsTheTrackersRoundTripTimes(FxRobot robot) throws Exception {
        for (String capture : List.of("send_lat_rc", "read_bw_rc", "write_bw_rc", "rping", "atomic_bw_fetch_add")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path);
            List<String> want = new ArrayList<>();
            for (JsonNode c : flows) for (String dir : List.of("aToB", "bToA")) {
                JsonNode f = c.get(dir);
                if (f.isNull() || f.get("answers").isNull() || f.get("answers").get("rttMicros").get("count").asLong() == 0) continue;
                want.add(c.get("id").asInt() + " " + dir);
            }
            List<RttView.Choice> choices = gui.rtt.direction.getItems();
            assertThat(choices.stream().map(ch -> ch.connection().id() + " " + (ch.aToB() ? "aToB" : "bToA")).toList())
                .as(capture).containsExactlyInAnyOrderElementsOf(want);
            for (RttView.Choice ch : choices) {
                robot.interact(() -> gui.rtt.direction.getSelectionModel().select(ch));
                WaitForAsyncUtils.waitForFxEvents();
                JsonNode rtt = connection(flows, ch.connection().id()).get(ch.aToB() ? "aToB" : "bToA").get("answers").get("rttMicros");
                long count = rtt.get("count").asLong();
                String where = capture + " " + ch;
                RttHistogram h = gui.rtt.histogram;
                // every value the tracker kept is in a bar: all of them up to 512, else its sample
                assertThat(h.counted()).as(where).isEqualTo(Math.min(count, 512));
                double min = Double.MAX_VALUE, max = -Double.MAX_VALUE;
                for (double v : h.values) { min = Math.min(min, v); max = Math.max(max, v); }
                if (count <= 512) {
                    assertThat((long) Math.floor(min)).as(where + " min").isEqualTo(rtt.get("min").asLong());
                    assertThat((long) Math.floor(max)).as(where + " max").isEqualTo(rtt.get("max").asLong());
                }
                assertThat(gui.rtt.stats.getText()).as(where).contains(
                    Plural.grouped(count, "RTT"),
                    String.format(java.util.Locale.ROOT, "min %,d µs", rtt.get("min").asLong()),
                    String.format(java.util.Locale.ROOT, "median %,d µs", rtt.get("median").asLong()),
                    String.format(java.util.Locale.ROOT, "p99 %,d µs", rtt.get("p99").asLong()),
                    String.format(java.util.Locale.ROOT, "max %,d µs", rtt.get("max").asLong()));
            }
            if (Set.of("send_lat_rc", "read_bw_rc").contains(capture)) {
                robot.interact(() -> {
                    gui.tabs.getSelectionModel().select(gui.rttTab);
                    gui.rtt.direction.getSelectionModel().select(0);
                });
                WaitForAsyncUtils.waitForFxEvents();
                GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "rtt-" + capture);
            }
        }
    }
}
