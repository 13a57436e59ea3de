package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import javafx.application.Platform;
import javafx.scene.control.TableColumn;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Sorts the displayed frames by a column of the packet list (capture order when null), the keys worked out in
 * the background; ties stay in capture order. The sort is of the frames the filter shows, in capture order,
 * whatever sort is shown now; {@link FrameSort} keeps its memory bounded.
 */
final class ColumnSort {
    private final RoceScopeGui gui;
    /** Set while a sort's rows are shown: the table asks to sort its new items again, and they are sorted. */
    private boolean showing;

    ColumnSort(RoceScopeGui gui) { this.gui = gui; }

    void sortBy(TableColumn<Integer, ?> column) {
        if (gui.file() == null || gui.packets.rows() == null || showing) return;
        CaptureFile f = gui.file();
        int col = column == null ? 0 : gui.frames.getColumns().indexOf(column);
        boolean descending = column != null && column.getSortType() == TableColumn.SortType.DESCENDING;
        FrameRows base = gui.unsorted();
        int gen = gui.generation.incrementAndGet();
        BooleanSupplier stale = () -> gui.generation.get() != gen;
        if (col == 0 && !descending) {   // capture order: the unsorted rows themselves
            show(base);
            return;
        }
        gui.work.busy("Sorting", -1);
        gui.work.run(() -> {
            boolean fromIndex = keyedFromIndex(col);
            FrameSort sort = new FrameSort(!fromIndex, descending);
            FrameSource src = fromIndex ? null : new FrameSource(f);
            SpilledLongs sorted = null;
            try {
                addKeys(sort, f, src, base, col, stale);
                sorted = sort.sorted(stale);
                SpilledLongs order = sorted, inverse = SortInverse.of(sorted, base, stale);
                Platform.runLater(() -> {
                    gui.work.idle();
                    if (stale.getAsBoolean()) {
                        order.close();
                        inverse.close();
                        return;
                    }
                    show(FrameRows.inOrder(order, inverse));
                });
            } catch (RuntimeException e) {
                if (sorted == null) sort.discard();
                else sorted.close();
                // given up (a newer request), a full temporary folder, or a failure of ours: never "Sorting …" for good
                Platform.runLater(() -> {
                    gui.work.idle();
                    if (!(e instanceof CancellationException) && !stale.getAsBoolean()) gui.status.setText("Sort: " + e.getMessage());
                });
            }
        });
    }

    /** Columns No. (0), Time (1) and Length (5) are keyed from the index, by number; the others by their text, decoded. */
    private static boolean keyedFromIndex(int col) { return col == 0 || col == 1 || col == 5; }

    /** Gives {@code sort} frames {@code base}, each with its key in column {@code col} (read from {@code src} when not in the index). */
    private static void addKeys(FrameSort sort, CaptureFile f, FrameSource src, FrameRows base, int col, BooleanSupplier stale) {
        boolean fromIndex = keyedFromIndex(col);
        for (int i = 0, n = base.size(); i < n; i++) {
            if ((i & 1023) == 0 && stale.getAsBoolean()) throw new CancellationException();
            int frame = base.frameAt(i);
            if (fromIndex) {
                sort.add(frame, col == 0 ? frame : col == 1 ? f.index.time(frame) : f.index.length(frame));
            } else {
                DecodedFrame d = src.decode(frame);
                sort.add(frame, d == null ? "" : PacketRows.columns(d)[col]);
            }
        }
    }

    private void show(FrameRows r) {
        showing = true;
        try {
            gui.showSorted(r);
        } finally {
            showing = false;
        }
    }
}
