package io.rocescope.gui;

import javafx.application.Platform;
import javafx.stage.Stage;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The big-capture benchmark (bench/gui.sh runs it; not a test): opens a capture in the real window,
 * headless on Monocle, and prints when its first rows showed, when it was fully indexed (the frame
 * count in the title), when the analysis ended, and whether the window kept answering meanwhile
 * (the longest wait of a task posted to the JavaFX thread every 20 ms).
 */
public final class GuiBench {
    private GuiBench() {}

    public static void main(String[] args) throws Exception {
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(up::countDown);
        up.await();
        AtomicReference<RoceScopeGui> gui = new AtomicReference<>();
        CountDownLatch shown = new CountDownLatch(1);
        Platform.runLater(() -> {
            RoceScopeGui g = new RoceScopeGui();
            g.start(new Stage());
            gui.set(g);
            shown.countDown();
        });
        shown.await();
        RoceScopeGui g = gui.get();
        for (String file : args) measure(g, file);
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.out.printf("heap in use after: %d MB (max %d MB)%n", (rt.totalMemory() - rt.freeMemory()) >> 20, rt.maxMemory() >> 20);
        Platform.exit();
        System.exit(0);
    }

    /** Opens one capture in the window and prints its figures. */
    private static void measure(RoceScopeGui g, String file) throws Exception {
        long t0 = System.nanoTime(), before = g.openedAt;
        Platform.runLater(() -> g.open(file));
        while (g.openedAt == before) Thread.sleep(5);
        long worstWait = 0, worstAfterFirstRows = 0;
        String firstRow = null;
        while (g.analysedAt == 0 || g.work.busy()) {
            long posted = System.nanoTime();
            CountDownLatch ran = new CountDownLatch(1);
            AtomicReference<String> row = new AtomicReference<>();
            Platform.runLater(() -> {
                if (g.packets.rows() != null && g.firstRowsAt() != 0) row.set(String.join(" | ", g.packets.rows().row(0).columns()));
                ran.countDown();
            });
            ran.await();
            long wait = System.nanoTime() - posted;
            worstWait = Math.max(worstWait, wait);
            if (firstRow != null) worstAfterFirstRows = Math.max(worstAfterFirstRows, wait);
            if (firstRow == null && row.get() != null) firstRow = row.get();
            Thread.sleep(20);
            if (System.nanoTime() - t0 > 600_000_000_000L) throw new IllegalStateException("not done in 10 minutes");
        }
        AtomicReference<String> title = new AtomicReference<>();
        CountDownLatch t = new CountDownLatch(1);
        Platform.runLater(() -> { title.set(((Stage) g.frames.getScene().getWindow()).getTitle()); t.countDown(); });
        t.await();
        System.out.println("== " + file);
        System.out.printf("first rows:     %.3f s  (%s)%n", (g.firstRowsAt() - g.openedAt) / 1e9, firstRow);
        System.out.printf("fully indexed:  %.3f s  (title: %s)%n", (g.indexedAt - g.openedAt) / 1e9, title.get());
        System.out.printf("analysed:       %.3f s  (connections, expert info, ladders filled)%n", (g.analysedAt - g.openedAt) / 1e9);
        System.out.printf("longest wait of the JavaFX thread: %.0f ms from opening, %.0f ms once the first rows showed%n",
            worstWait / 1e6, worstAfterFirstRows / 1e6);
        FrameIndex index = g.file().index;
        System.out.printf("index: %d frames, heap %d KB by its own accounting (at most %d KB), %d pages read back%n",
            index.size(), index.memoryBytes() >> 10, index.memoryBound() >> 10, index.pagesRead());
    }
}
