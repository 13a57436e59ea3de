package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.InfoColumn;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.Text;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.text.Font;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * The window: frames on top (Wireshark's packet list), the selected frame's fields in the middle,
 * its bytes below with the selected field's bytes highlighted.
 */
public final class RoceScopeGui extends Application {
    final TableView<DecodedFrame> frames = new TableView<>();
    final TreeView<FieldTree.Node> fields = new TreeView<>();
    final TextArea bytes = new TextArea();
    final Label status = new Label("Open a capture (File → Open)");
    private DecodedFrame shown;

    @Override
    public void start(Stage stage) {
        frames.setId("frames");
        fields.setId("fields");
        bytes.setId("bytes");
        status.setId("status");
        bytes.setEditable(false);
        bytes.setFont(Font.font("Monospaced", 12));
        column("No.", 60, f -> Long.toString(f.number()));
        column("Time", 100, f -> Text.seconds(new LineBuffer(), f.relativeNanos(), 6).toString());
        column("Source", 140, f -> SummaryLine.address(new LineBuffer(), f, true).toString());
        column("Destination", 140, f -> SummaryLine.address(new LineBuffer(), f, false).toString());
        column("Protocol", 80, f -> f.protocol().column());
        column("Length", 60, f -> Long.toString(f.originalLength()));
        column("Info", 600, InfoColumn::of);
        frames.getSelectionModel().selectedItemProperty().addListener((o, old, f) -> show(f));
        fields.getSelectionModel().selectedItemProperty().addListener((o, old, item) -> {
            if (item != null) highlight(item.getValue());
        });
        SplitPane split = new SplitPane(frames, fields, bytes);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45, 0.8);
        MenuItem open = new MenuItem("Open…");
        open.setOnAction(e -> {
            File file = new FileChooser().showOpenDialog(stage);
            if (file != null) open(file.getPath());
        });
        MenuBar menu = new MenuBar(new Menu("File", null, open));
        BorderPane root = new BorderPane(split, menu, null, status, null);
        stage.setTitle("RoCEscope");
        stage.setScene(new Scene(root, 1200, 800));
        stage.show();
        List<String> args = getParameters() == null ? List.of() : getParameters().getUnnamed();
        if (!args.isEmpty()) open(args.get(0));
    }

    private void column(String title, double width, Function<DecodedFrame, String> text) {
        TableColumn<DecodedFrame, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        c.setSortable(false);
        frames.getColumns().add(c);
    }

    /** Loads a capture; a bad file shows one line in the status bar. */
    void open(String path) {
        try {
            CaptureModel m = CaptureModel.load(path);
            frames.setItems(FXCollections.observableArrayList(m.frames));
            status.setText(path + ": " + m.frames.size() + " frames" + (m.warnings.isEmpty() ? "" : " — " + String.join("; ", m.warnings)));
        } catch (IOException e) {
            status.setText("Cannot open " + e.getMessage());
        }
    }

    private void show(DecodedFrame f) {
        shown = f;
        if (f == null) {
            fields.setRoot(null);
            bytes.clear();
            return;
        }
        fields.setRoot(FieldTree.build(f));
        bytes.setText(HexDump.render(f.data(), f.capturedLength()));
    }

    private void highlight(FieldTree.Node n) {
        if (shown == null || n.length() <= 0) {
            bytes.deselect();
            return;
        }
        int[] r = HexDump.hexRange(n.offset(), Math.min(n.length(), shown.capturedLength() - n.offset()));
        bytes.selectRange(r[0], r[1]);
    }

}
