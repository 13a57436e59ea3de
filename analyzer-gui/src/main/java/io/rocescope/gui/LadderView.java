package io.rocescope.gui;

import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Cursor;
import javafx.scene.Group;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.stage.FileChooser;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * The set-up ladders: the list of set-ups (connections' and failed ones) beside the selected one's
 * sequence diagram ({@link Ladder}); clicking an arrow goes to its frame; Export PNG and SVG.
 */
final class LadderView {
    final ListView<Ladder> list = new ListView<>();
    final Pane canvas = new Pane();
    final Label header = new Label("Set-ups appear when the analysis of the capture has run.");
    final Button png = new Button("Export PNG…"), svg = new Button("Export SVG…");
    final SplitPane pane;
    private final LongPredicate goTo;

    LadderView(LongPredicate goTo) {
        this.goTo = goTo;
        list.setId("ladders");
        canvas.setId("ladder");
        canvas.getStyleClass().add("ladder");
        list.getSelectionModel().selectedItemProperty().addListener((o, old, l) -> draw(l));
        header.getStyleClass().add("view-header");
        png.setOnAction(e -> export(true));
        svg.setOnAction(e -> export(false));
        HBox bar = new HBox(8, header, new Pane(), png, svg);
        HBox.setHgrow(bar.getChildren().get(1), javafx.scene.layout.Priority.ALWAYS);
        bar.setPadding(new Insets(4, 8, 4, 8));
        ScrollPane scroll = new ScrollPane(new Group(canvas));
        scroll.setFitToWidth(false);
        BorderPane right = new BorderPane(scroll);
        right.setTop(bar);
        list.setPrefWidth(300);
        pane = new SplitPane(list, right);
        pane.setDividerPositions(0.24);
    }

    void show(Reports.Analysis a) {
        List<Ladder> ladders = a == null ? List.of() : Ladder.all(a);
        list.setItems(FXCollections.observableArrayList(ladders));
        header.setText(a == null ? "Set-ups appear when the analysis of the capture has run."
            : Plural.of(ladders.size(), "set-up") + " — click an arrow to go to its frame");
        if (!ladders.isEmpty()) list.getSelectionModel().select(0);
        else draw(null);
    }

    Ladder shown() { return list.getSelectionModel().getSelectedItem(); }

    private void draw(Ladder l) {
        canvas.getChildren().clear();
        if (l == null) return;
        double h = l.height();
        canvas.setPrefSize(Ladder.WIDTH, h);
        canvas.setMinSize(Ladder.WIDTH, h);
        Rectangle bg = new Rectangle(Ladder.WIDTH, h, Color.WHITE);
        canvas.getChildren().add(bg);
        canvas.getChildren().add(text(l.title, 20, 28, 16, true, Color.BLACK, false));
        for (double x : new double[] {Ladder.LEFT, Ladder.RIGHT}) {
            Line life = new Line(x, Ladder.TOP + 10, x, h - 20);
            life.setStroke(Color.web("#9aa5b1"));
            life.setStrokeWidth(2);
            canvas.getChildren().add(life);
        }
        canvas.getChildren().add(text(l.left, Ladder.LEFT, Ladder.TOP, 13, true, Color.BLACK, true));
        canvas.getChildren().add(text(l.right, Ladder.RIGHT, Ladder.TOP, 13, true, Color.BLACK, true));
        for (Ladder.Arrow a : l.arrows) {
            double x1 = a.leftToRight() ? Ladder.LEFT : Ladder.RIGHT, x2 = a.leftToRight() ? Ladder.RIGHT : Ladder.LEFT;
            Color c = a.step().failed() ? Color.web("#b3261e")
                : a.step() == TimelineEvent.Step.FIRST_DATA ? Color.web("#2e7d32") : Color.web("#2b5797");
            Group g = new Group();
            Line line = new Line(x1, a.y(), x2 + (a.leftToRight() ? -9 : 9), a.y());
            line.setStroke(c);
            line.setStrokeWidth(2);
            double d = a.leftToRight() ? -10 : 10;
            Polygon head = new Polygon(x2, a.y(), x2 + d, a.y() - 5, x2 + d, a.y() + 5);
            head.setFill(c);
            Rectangle hit = new Rectangle(Math.min(x1, x2), a.y() - 20, Math.abs(x2 - x1), 40);
            hit.setFill(Color.TRANSPARENT);
            g.getChildren().addAll(hit, line, head,
                text(a.event(), (Ladder.LEFT + Ladder.RIGHT) / 2, a.y() - 6, 13, true, c, true),
                text(a.detail(), (Ladder.LEFT + Ladder.RIGHT) / 2, a.y() + 15, 11, false, Color.web("#444444"), true),
                text("frame " + a.frame(), 12, a.y() - 4, 11, false, Color.web("#555555"), false),
                text(a.time(), 12, a.y() + 11, 11, false, Color.web("#555555"), false),
                text(a.delta(), Ladder.RIGHT + 14, a.y() + 4, 11, false, Color.web("#555555"), false));
            g.setCursor(Cursor.HAND);
            g.setUserData(a.frame());
            Tooltip.install(g, new Tooltip("Go to frame " + a.frame()));
            g.setOnMouseClicked(e -> goTo.test(a.frame()));
            canvas.getChildren().add(g);
        }
    }

    private static Text text(String s, double x, double y, double size, boolean bold, Color c, boolean centred) {
        Text t = new Text(s);
        t.setFont(Font.font("DejaVu Sans", bold ? FontWeight.BOLD : FontWeight.NORMAL, size));
        t.setFill(c);
        t.setTextOrigin(VPos.BASELINE);
        if (centred) {
            t.setTextAlignment(TextAlignment.CENTER);
            t.setX(x - t.getLayoutBounds().getWidth() / 2);
        } else {
            t.setX(x);
        }
        t.setY(y);
        return t;
    }

    private void export(boolean asPng) {
        Ladder l = shown();
        if (l == null) return;
        FileChooser c = new FileChooser();
        c.setTitle(asPng ? "Export PNG" : "Export SVG");
        c.getExtensionFilters().add(asPng ? new FileChooser.ExtensionFilter("PNG", "*.png") : new FileChooser.ExtensionFilter("SVG", "*.svg"));
        File f = c.showSaveDialog(pane.getScene().getWindow());
        if (f == null) return;
        try {
            if (asPng) writePng(f.toPath());
            else Files.writeString(f.toPath(), l.svg(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            header.setText("Export failed: " + e.getMessage());
        }
    }

    /** The shown diagram as a PNG (a snapshot of what the window draws). */
    void writePng(Path out) throws IOException {
        writeSnapshot(canvas.snapshot(null, null), out);
    }

    static void writeSnapshot(WritableImage img, Path out) throws IOException {
        int w = (int) img.getWidth(), h = (int) img.getHeight();
        BufferedImage b = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader px = img.getPixelReader();
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) b.setRGB(x, y, px.getArgb(x, y));
        ImageIO.write(b, "png", out.toFile());
    }
}
