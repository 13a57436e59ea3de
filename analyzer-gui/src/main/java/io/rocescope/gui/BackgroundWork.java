package io.rocescope.gui;

import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The window's background work: one worker thread for the jobs (analysis, filter, sort, export …), so that
 * nothing long runs on the JavaFX thread; a count of what runs, which tests wait for (see {@link #busy()});
 * and the status bar's progress bar and label that say what runs.
 */
final class BackgroundWork {
    final ProgressBar progress = new ProgressBar(0);
    final Label label = new Label("");
    /** Set while a background job runs; tests wait for it. */
    private final AtomicInteger running = new AtomicInteger();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "rocescope-gui-work"));

    BackgroundWork() {
        progress.setId("progress");
        progress.setVisible(false);
        progress.setPrefWidth(180);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Runs {@code r} on the worker, after the jobs before it. */
    void run(Runnable r) {
        running.incrementAndGet();
        worker.execute(() -> {
            try {
                r.run();
            } finally {
                running.decrementAndGet();
            }
        });
    }

    /**
     * Runs {@code r} on a thread of its own named {@code name} (indexing: the worker's jobs wait for it), then
     * {@code after} on the JavaFX thread; it counts as running until {@code after} has run, so that what
     * {@code after} starts is running before this ends.
     */
    void thread(String name, Runnable r, Runnable after) {
        Thread t = daemon(() -> {
            try {
                r.run();
            } finally {
                Platform.runLater(() -> {
                    running.decrementAndGet();
                    after.run();
                });
            }
        }, name);
        running.incrementAndGet();
        t.start();
    }

    /** Says in the status bar that {@code what} runs, {@code fraction} done (negative: not known). */
    void busy(String what, double fraction) {
        label.setText(what + " …");
        progress.setVisible(true);
        progress.setProgress(fraction);
    }

    /** A job ends: the progress goes unless another runs. */
    void idle() {
        if (running.get() <= 1) {
            progress.setVisible(false);
            label.setText("");
        }
    }

    /** True while indexing, analysis, a filter or a sort runs. */
    boolean busy() { return running.get() > 0; }

    void shutdown() { worker.shutdownNow(); }
}
