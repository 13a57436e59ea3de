package io.rocescope.gui;

import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;

import java.io.IOException;
import java.util.Map;

/** File → Capture File Properties of the capture shown; its SHA-256 is worked out in the background the first time. */
final class CapturePropertiesDialog {
    private final RoceScopeGui gui;

    CapturePropertiesDialog(RoceScopeGui gui) { this.gui = gui; }

    /** The properties, as capinfos names them (none when no capture is open). */
    Map<String, String> properties() {
        CaptureFile file = gui.file();
        return file == null ? Map.of() : CaptureProperties.of(file, gui.rows().size(), file.sha256);
    }

    void show() {
        CaptureFile file = gui.file();
        if (file == null) return;
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        a.setTitle("Capture File Properties");
        a.setHeaderText(file.path.getFileName().toString());
        TextArea text = new TextArea(text());
        text.setEditable(false);
        text.setPrefColumnCount(80);
        text.setPrefRowCount(18);
        text.getStyleClass().add("hex");
        a.getDialogPane().setContent(text);
        if (file.sha256 == null) {
            gui.work.run(() -> {
                try {
                    hash(file);
                    Platform.runLater(() -> {
                        if (gui.file() != file) return;
                        text.setText(text());
                    });
                } catch (IOException e) {
                    Platform.runLater(() -> gui.status.setText("SHA-256: " + e.getMessage()));
                }
            });
        }
        a.show();
    }

    private String text() {
        StringBuilder sb = new StringBuilder();
        properties().forEach((k, v) -> sb.append(String.format("%-22s %s%n", k + ":", v)));
        return sb.toString();
    }

    /** Computes the SHA-256 of the capture shown now (tests). */
    void computeSha256() throws IOException {
        CaptureFile file = gui.file();
        if (file != null) hash(file);
    }

    /** Works out {@code file}'s SHA-256 on this thread and keeps it on the file. */
    private static void hash(CaptureFile file) throws IOException {
        file.sha256 = CaptureProperties.sha256(file.path);
    }
}
