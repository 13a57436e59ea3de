package io.rocescope.gui;

import io.rocescope.flow.Reports;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.control.ChoiceDialog;
import javafx.util.Duration;

import java.io.IOException;
import java.util.List;

/**
 * The window's live capture (Capture ▸ Start/Stop, or gui -i IF): one {@link LiveSession} at a time, shown in the
 * window as it grows, with its analysis's snapshots while it runs and its reports when it stops.
 */
final class LiveCapture {
    private final RoceScopeGui gui;
    private LiveSession live;
    private Timeline ticker;
    /** When the next look at the connections so far may start (nanoTime). */
    private long nextInterimAt;
    /** The connections so far, as the views last showed them during the capture (tests). */
    volatile Reports.Analysis interim;

    LiveCapture(RoceScopeGui gui) { this.gui = gui; }

    /** Capture ▸ Start: asks for the interface to capture on. */
    void dialog() {
        List<String> names;
        try {
            names = LiveSession.interfaces();
        } catch (IOException e) {
            gui.status.setText("Capture: " + e.getMessage());
            return;
        }
        if (names.isEmpty()) {
            gui.status.setText("Capture: libpcap lists no interface (capturing needs root or CAP_NET_RAW)");
            return;
        }
        ChoiceDialog<String> d = new ChoiceDialog<>(names.get(0), names);
        d.setTitle("Capture");
        d.setHeaderText(null);
        d.setContentText("Capture on:");
        d.showAndWait().ifPresent(this::start);
    }

    /**
     * Captures on {@code iface}: the packet list grows as frames arrive; the Connections and Expert Info
     * views show the analysis of the frames so far (at most once a second, and never more than a quarter
     * of the time), and when the capture stops, the live analysis's reports (the CLI's capture --analyze).
     */
    void start(String iface) {
        drop();
        gui.generation.incrementAndGet();
        LiveSession s;
        try {
            s = LiveSession.open(iface);
        } catch (IOException e) {
            gui.status.setText("Capture: " + e.getMessage());
            return;
        }
        live = s;
        gui.showCapturing(s.file, "Capturing on " + iface + " — RoCEscope");
        nextInterimAt = System.nanoTime() + 1_000_000_000L;
        s.start(a -> Platform.runLater(() -> ended(s, a)));
        ticker = new Timeline(new KeyFrame(Duration.millis(250), e -> tick(s)));
        ticker.setCycleCount(Animation.INDEFINITE);
        ticker.play();
    }

    /** Ends the live capture, if one runs; its reports show when the analysis has caught up. */
    void stop() {
        if (live != null && !live.stopped()) live.stop();
    }

    /** Stops the live capture, if one runs, and forgets it: another capture is being opened. */
    void drop() {
        stop();
        if (ticker != null) ticker.stop();
        live = null;
    }

    /** The live capture, or null (tests). */
    LiveSession session() { return live; }

    /** True while a live capture runs. */
    boolean capturing() { return live != null && !live.stopped(); }

    private void tick(LiveSession s) {
        if (live != s || gui.file() != s.file) return;
        gui.grow(s.file, -1);
        gui.status.setText(s.progress());
        long now = System.nanoTime();
        // the live analysis's latest snapshot: a look costs the views' refresh, not a pass over the file so far
        Reports.Analysis a = s.latest();
        if (now < nextInterimAt || a == null || a == interim || s.stopped()) return;
        nextInterimAt = now + 1_000_000_000L;
        gui.connections.show(a);
        gui.expert.show(a);
        interim = a;
    }

    private void ended(LiveSession s, Reports.Analysis a) {
        if (live != s) return;
        if (ticker != null) ticker.stop();
        CaptureFile f = s.file;
        if (gui.file() != f) return;
        int n = f.index.size();
        gui.showRead(f, s.iface + " (live) — " + n + " frames",
            s.failure() != null ? "Capture: " + s.failure().getMessage() : "Captured on " + s.iface + ": " + n + " frames");
        gui.analysed(f, a);
    }
}
