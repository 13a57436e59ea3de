package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.encode.CaptureWriter;
import io.rocescope.dissector.encode.PcapFileWriter;
import io.rocescope.dissector.encode.PcapngFileWriter;
import javafx.application.Platform;
import javafx.scene.control.ChoiceDialog;
import javafx.stage.FileChooser;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** File → Export Specified Frames: all, the displayed or the selected frames to a pcapng or pcap, written in the background. */
final class FrameExport {
    private FrameExport() {}

    /** Asks which frames and where, then writes them; the status bar says how many went, or why none did. */
    static void dialog(RoceScopeGui gui) {
        if (gui.file() == null) return;
        ChoiceDialog<String> which = new ChoiceDialog<>("Displayed frames", "All frames", "Displayed frames", "Selected frames");
        which.setTitle("Export Specified Frames");
        which.setHeaderText(null);
        which.setContentText("Export:");
        which.showAndWait().ifPresent(choice -> {
            FileChooser c = new FileChooser();
            c.setTitle("Export Specified Frames");
            c.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("pcapng", "*.pcapng"),
                new FileChooser.ExtensionFilter("pcap", "*.pcap"));
            File out = c.showSaveDialog(gui.stage());
            if (out == null) return;
            CaptureFile f = gui.file();
            var selected = gui.frames.getSelectionModel().getSelectedItems();
            FrameRows sel = switch (choice) {
                case "All frames" -> FrameRows.all(f.index.size());
                case "Selected frames" -> FrameRows.of(selected.stream().mapToInt(Integer::intValue).sorted().toArray(), selected.size());
                default -> gui.rows().copy();
            };
            boolean pcapng = !out.getName().endsWith(".pcap");
            gui.work.busy("Exporting", -1);
            gui.work.run(() -> {
                try {
                    int n = write(f, sel, out.toPath(), pcapng);
                    Platform.runLater(() -> { gui.work.idle(); gui.status.setText("Exported " + Plural.of(n, "frame") + " to " + out); });
                } catch (IOException e) {
                    Platform.runLater(() -> { gui.work.idle(); gui.status.setText("Export failed: " + e.getMessage()); });
                } finally {
                    sel.close();
                }
            });
        });
    }

    /** Writes frames {@code which} (indexes, in this order) of {@code f} to {@code out}, as read from the file. */
    static int write(CaptureFile f, FrameRows which, Path out, boolean pcapng) throws IOException {
        CaptureRecord rec = new CaptureRecord();
        int n = 0;
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 20);
             CaptureWriter w = pcapng ? new PcapngFileWriter(os, true) : new PcapFileWriter(os, f.nanosecondTimestamps())) {
            for (int k = 0, size = which.size(); k < size; k++) {
                int i = which.frameAt(k);
                if (!f.read(i, rec)) continue;
                w.write(rec.timestampNanos, rec.data, rec.capturedLength, Integer.toUnsignedLong(rec.originalLength), rec.linkType, rec.interfaceId);
                n++;
            }
        }
        return n;
    }
}
