package io.rocescope.gui;

import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import io.rocescope.flow.Reports;
import javafx.application.Platform;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Analyze → Follow QP: a connection in a window of its own ({@link FollowQpWindow}), the main window's display
 * filter set to it (one selection of the capture serves both); the window's Back restores the filter there was before.
 */
final class FollowQpAction {
    private final RoceScopeGui gui;
    /** The last Follow QP window opened (tests look at it). */
    FollowQpWindow window;

    FollowQpAction(RoceScopeGui gui) { this.gui = gui; }

    /** Follows the selected packet's connection, else the one selected in Connections. */
    void selected() {
        Integer sel = gui.frames.getSelectionModel().getSelectedItem();
        Reports.ConnectionReport c = sel == null || gui.packets.rows() == null ? null
            : FollowQp.connectionOf(gui.analysis(), gui.packets.rows().source().decode(sel));
        if (c == null) c = gui.connections.table.getSelectionModel().getSelectedItem();
        connection(c);
    }

    /** Follows connection {@code conn} (null: says what to select). */
    void connection(Reports.ConnectionReport conn) {
        CaptureFile f = gui.file();
        if (conn == null || f == null) {
            gui.status.setText(gui.analysis() == null ? "Follow QP: the analysis has not ended yet" : "Follow QP: select a RoCE packet of a connection");
            return;
        }
        String filter = FollowQp.filter(conn), before = gui.appliedFilter();
        int gen = gui.newFilter(filter);
        gui.work.busy("Following the QP", -1);
        gui.work.run(() -> {
            try {
                gui.awaitIndexed();
                // one selection for both: the window copies what it lists, the main list keeps the selection
                SpilledLongs kept = FilterJob.select(f, DisplayFilter.parse(filter), () -> gui.file() != f);
                List<FollowQp.Packet> list;
                int total = kept.size();
                try {
                    list = FollowQp.packets(conn, kept, new FrameSource(f));
                } catch (RuntimeException e) {
                    kept.close();
                    throw e;
                }
                Platform.runLater(() -> {
                    gui.work.idle();
                    gui.showFiltered(gen, filter, kept);
                    if (gui.file() != f) return;
                    window = new FollowQpWindow(gui.stage(), conn, filter, list, total, gui::goToFrame, () -> gui.applyFilterText(before));
                    window.stage.show();
                });
            } catch (IOException | java.io.UncheckedIOException | FilterSyntaxException | CancellationException e) {
                Platform.runLater(() -> { gui.work.idle(); gui.status.setText("Follow QP: " + e.getMessage()); });
            } catch (InterruptedException e) {
                Platform.runLater(gui.work::idle);
            }
        });
    }
}
