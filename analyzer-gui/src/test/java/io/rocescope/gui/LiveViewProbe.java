package io.rocescope.gui;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.flow.Reports;
import javafx.application.Platform;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The window capturing live, in a JVM of its own (LiveViewNetnsTest starts it inside a network namespace,
 * where the test's veth end is): headless on Monocle, {@code gui -i IFACE} as a user starts it. Prints
 * "capturing" once the capture is open, waits for FRAMES frames in the packet list and for the
 * Connections view to fill while the capture still runs, stops the capture (Capture ▸ Stop), waits for the
 * live analysis's reports, and writes what the views show as JSON to OUT (and a screenshot).
 *   LiveViewProbe IFACE FRAMES OUT.json SCREENSHOT.png
 */
public final class LiveViewProbe {
    private LiveViewProbe() {}

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            // the JavaFX thread would keep this JVM alive: say why and end
            t.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        for (String[] p : new String[][] {{"glass.platform", "Monocle"}, {"monocle.platform", "Headless"}, {"prism.order", "sw"},
            {"prism.text", "t2k"}, {"headless.geometry", "1600x1200-32"}, {"java.awt.headless", "true"}}) System.setProperty(p[0], p[1]);
        // the window must not add to the user's list of recent files
        System.setProperty("rocescope.gui.recent", Files.createTempFile("rocescope-recent", "").toString());
        String iface = args[0];
        int frames = Integer.parseInt(args[1]);
        CompletableFuture<Void> up = new CompletableFuture<>();
        Platform.startup(() -> up.complete(null));
        up.get();
        RoceScopeGui gui = fx(() -> {
            RoceScopeGui g = new RoceScopeGui();
            g.start(new Stage());
            g.live.start(iface);
            return g;
        });
        if (!fx(gui.live::capturing)) throw new IllegalStateException("not capturing: " + fx(gui.status::getText));
        System.out.println("capturing");
        System.out.flush();
        Map<String, Object> out = new LinkedHashMap<>();
        until(() -> gui.file().index.size() >= frames, 90, "the packet list to have " + frames + " frames (" + gui.file().index.size() + " so far)");
        // the list shows what the index holds at its next refresh (a few a second), not at once
        until(() -> gui.frames.getItems().size() >= frames, 30, "the packet list to show " + frames + " rows");
        until(() -> gui.live.interim != null && !gui.live.interim.connections().isEmpty(), 30, "the Connections view to fill while capturing");
        out.put("capturingWhenFilled", fx(gui.live::capturing));
        out.put("rowsWhileCapturing", fx(() -> gui.frames.getItems().size()));
        // what the views show while capturing is the live analysis's own snapshot, not a new analysis of the file
        // (the replay is over: no frame comes, so no newer snapshot; the views take the last at their next look, within a second)
        try {
            until(() -> gui.live.interim == gui.live.session().latest(), 10, "the views to show the live analysis's latest snapshot");
            out.put("interimIsSnapshot", true);
        } catch (IllegalStateException e) {
            out.put("interimIsSnapshot", false);
        }
        out.put("interimConnections", fx(() -> gui.connections.table.getItems().size()));
        out.put("snapshotConnections", fx(() -> gui.live.interim.connections().size()));
        fx(() -> { gui.tabs.getSelectionModel().select(gui.connectionsTab); return null; });
        GuiTests.screenshot(null, gui.frames.getScene().getRoot(), "live-capturing");
        fx(() -> { gui.live.stop(); return null; });
        until(() -> gui.analysis() != null, 60, "the live analysis's reports");
        until(() -> !gui.work.busy(), 60, "the window's work to end");
        out.put("title", fx(() -> ((Stage) gui.frames.getScene().getWindow()).getTitle()));
        out.put("rows", fx(() -> {
            List<List<String>> rows = new ArrayList<>();
            for (int i = 0; i < gui.frames.getItems().size(); i++) rows.add(List.of(gui.packets.rows().row(gui.frames.getItems().get(i)).columns()));
            return rows;
        }));
        out.put("connections", fx(() -> {
            List<Map<String, Object>> cs = new ArrayList<>();
            for (Reports.ConnectionReport c : gui.connections.table.getItems()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", c.id());
                m.put("setup", c.setup().json());
                m.put("aToB", c.aToB() == null ? 0 : c.aToB().packets());
                m.put("bToA", c.bToA() == null ? 0 : c.bToA().packets());
                m.put("bytes", (c.aToB() == null ? 0 : c.aToB().bytes()) + (c.bToA() == null ? 0 : c.bToA().bytes()));
                cs.add(m);
            }
            return cs;
        }));
        out.put("expert", fx(() -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (TreeItem<ExpertView.Entry> sev : gui.expert.tree.getRoot().getChildren()) {
                for (TreeItem<ExpertView.Entry> kind : sev.getChildren()) counts.put(kind.getValue().kind(), kind.getValue().count());
            }
            return counts;
        }));
        fx(() -> { gui.tabs.getSelectionModel().select(gui.expertTab); return null; });
        GuiTests.screenshot(null, gui.frames.getScene().getRoot(), "live-ended");
        Files.writeString(Path.of(args[2]), new ObjectMapper().writeValueAsString(out));
        Platform.exit();
        System.exit(0);
    }

    /** Runs {@code c} on the JavaFX thread and returns what it returned. */
    static <T> T fx(Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }

    private static void until(Callable<Boolean> c, int seconds, String what) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (!fx(c)) {
            if (System.nanoTime() > end) throw new IllegalStateException("waited " + seconds + " s for " + what);
            Thread.sleep(50);
        }
    }
}
