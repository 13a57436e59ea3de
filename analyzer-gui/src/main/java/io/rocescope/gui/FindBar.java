package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Find Packet (Ctrl+F), as Wireshark's find bar under the filter bar: by display filter, hex bytes or a
 * string (in the Info column or the details); Find goes to the next displayed frame after the selected
 * one that matches, Previous to the one before, both wrapping around the list; the bar says when
 * nothing matches. The search runs in the background, decoding the displayed frames in turn.
 */
final class FindBar {
    final ChoiceBox<String> mode = new ChoiceBox<>();
    final ChoiceBox<String> where = new ChoiceBox<>();
    final CheckBox caseSensitive = new CheckBox("Case sensitive");
    final TextField text = new TextField();
    final Button next = new Button("Find");
    final Button previous = new Button("Previous");
    final Button close = new Button("✕");
    final Label result = new Label();
    final HBox box;
    private final TableView<Integer> frames;
    private final Supplier<CaptureFile> file;
    private final Supplier<FrameRows> rows;
    private final Consumer<Runnable> background;
    /** Bumped by every search: an older one still running stops. */
    private final AtomicInteger search = new AtomicInteger();

    FindBar(TableView<Integer> frames, Supplier<CaptureFile> file, Supplier<FrameRows> rows, Consumer<Runnable> background) {
        this.frames = frames;
        this.file = file;
        this.rows = rows;
        this.background = background;
        mode.getItems().addAll(FindCriterion.DISPLAY_FILTER, FindCriterion.HEX, FindCriterion.STRING);
        mode.setValue(FindCriterion.DISPLAY_FILTER);
        where.getItems().addAll(FindCriterion.INFO, FindCriterion.DETAILS);
        where.setValue(FindCriterion.INFO);
        where.disableProperty().bind(mode.valueProperty().isNotEqualTo(FindCriterion.STRING));
        caseSensitive.disableProperty().bind(mode.valueProperty().isNotEqualTo(FindCriterion.STRING));
        mode.valueProperty().addListener((o, old, m) -> text.setPromptText(prompt(m)));
        text.setPromptText(prompt(mode.getValue()));
        text.setId("find");
        text.getStyleClass().add("filter-field");
        HBox.setHgrow(text, Priority.ALWAYS);
        result.setId("find-result");
        result.getStyleClass().add("find-result");
        Label label = new Label("Find");
        label.getStyleClass().add("filter-label");
        box = new HBox(6, label, mode, where, caseSensitive, text, next, previous, result, close);
        box.getStyleClass().addAll("filter-bar", "find-bar");
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) find(!e.isShiftDown());
            else if (e.getCode() == KeyCode.ESCAPE) show(false);
        });
        next.setOnAction(e -> find(true));
        previous.setOnAction(e -> find(false));
        close.setOnAction(e -> show(false));
        show(false);
    }

    static String prompt(String mode) {
        return switch (mode) {
            case FindCriterion.HEX -> "Bytes, e.g. 00:11:22 or 1b 65";
            case FindCriterion.STRING -> "Text in the Info column or the details";
            default -> "A display filter, e.g. " + ColourRule.EXAMPLE_NAKS;
        };
    }

    /** Shows the bar (and puts the caret in it) or hides it. */
    void show(boolean visible) {
        box.setVisible(visible);
        box.setManaged(visible);
        if (visible) text.requestFocus();
        else search.incrementAndGet();
    }

    /** Looks for the next (or previous) matching displayed frame, in the background; selects it when found. */
    void find(boolean forward) {
        if (!box.isVisible()) show(true);
        CaptureFile f = file.get();
        FrameRows r = rows.get();
        if (f == null || r == null || r.size() == 0) {
            result.setText("No frames to search");
            return;
        }
        Predicate<DecodedFrame> test;
        try {
            test = FindCriterion.of(mode.getValue(), where.getValue(), text.getText(), caseSensitive.isSelected());
        } catch (IllegalArgumentException e) {
            result.setText(e.getMessage());
            return;
        }
        int from = frames.getSelectionModel().getSelectedIndex();
        int id = search.incrementAndGet();
        result.setText("Searching …");
        background.accept(() -> {
            int[] found = search(r, from, forward, test, new FrameSource(f), () -> search.get() != id);
            Platform.runLater(() -> {
                if (search.get() != id || rows.get() != r) return;
                if (found[0] < 0) {
                    result.setText(found[1] < 0 ? "" : "Not found: no displayed frame matches");
                    return;
                }
                frames.getSelectionModel().clearAndSelect(found[0]);
                frames.scrollTo(Math.max(0, found[0] - 5));
                result.setText("Frame " + (r.frameAt(found[0]) + 1) + (found[1] == 1 ? (forward ? " (wrapped past the end)" : " (wrapped past the start)") : ""));
            });
        });
    }

    /**
     * The position of the first row after (or before) {@code from} whose frame passes {@code test}, going
     * round the list once, and 1 when it wrapped (0 when not); {-1, 0} when none does, {-1, -1} when cancelled.
     */
    static int[] search(FrameRows r, int from, boolean forward, Predicate<DecodedFrame> test, FrameSource source, BooleanSupplier cancelled) {
        int n = r.size();
        for (int step = 1; step <= n; step++) {
            if ((step & 255) == 0 && cancelled.getAsBoolean()) return new int[] {-1, -1};
            int raw = from < 0 ? (forward ? step - 1 : n - step) : (forward ? from + step : from - step);
            int pos = Math.floorMod(raw, n);
            DecodedFrame d = source.decode(r.frameAt(pos));
            if (d != null && test.test(d)) return new int[] {pos, raw == pos ? 0 : 1};
        }
        return new int[] {-1, 0};
    }
}
