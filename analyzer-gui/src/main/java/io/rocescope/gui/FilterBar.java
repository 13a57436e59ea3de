package io.rocescope.gui;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import javafx.geometry.Side;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The display-filter bar: the CLI's filter language ({@link DisplayFilter}), checked as one types
 * (green: it parses; red: it does not, the reason in the tooltip and the status line), field names
 * completed from the field registry, Enter or Apply to filter, an empty filter shows every frame.
 */
final class FilterBar {
    static final int MAX_SUGGESTIONS = 14;

    final TextField text = new TextField();
    final Button apply = new Button("Apply");
    final Button clear = new Button("✕");
    final HBox box;
    final ContextMenu suggestions = new ContextMenu();
    /** Why the text does not parse; null when it does. */
    private String problem;

    /** What the empty field shows: an example filter (built from the .ksy's names and codes) and the shortcut. */
    static final String PROMPT = "Apply a display filter … (e.g. " + ColourRule.EXAMPLE_ACKS + " || " + ColourRule.EXAMPLE_NAKS
        + ")   Ctrl-/";

    FilterBar(Consumer<String> onApply, Consumer<String> onProblem) {
        text.setId("filter");
        text.setPromptText(PROMPT);
        text.getStyleClass().add("filter-field");
        HBox.setHgrow(text, Priority.ALWAYS);
        Label icon = new Label("Filter");
        icon.getStyleClass().add("filter-label");
        box = new HBox(6, icon, text, clear, apply);
        box.getStyleClass().add("filter-bar");
        text.textProperty().addListener((o, old, t) -> {
            validate(t);
            onProblem.accept(problem);
            suggest(t);
        });
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                suggestions.hide();
                if (problem == null) onApply.accept(text.getText().strip());
            } else if (e.getCode() == KeyCode.ESCAPE) {
                suggestions.hide();
            }
        });
        apply.setOnAction(e -> { if (problem == null) onApply.accept(text.getText().strip()); });
        clear.setOnAction(e -> { text.clear(); onApply.accept(""); });
        clear.setTooltip(new Tooltip("Clear the filter: show every frame"));
    }

    /** Marks the field green, red or plain; remembers the parser's message. */
    void validate(String t) {
        text.getStyleClass().removeAll("filter-ok", "filter-bad");
        problem = null;
        if (t.isBlank()) {
            text.setTooltip(null);
            return;
        }
        try {
            DisplayFilter.parse(t);
            text.getStyleClass().add("filter-ok");
            text.setTooltip(null);
        } catch (FilterSyntaxException e) {
            problem = e.getMessage();
            text.getStyleClass().add("filter-bad");
            text.setTooltip(new Tooltip(problem));
        }
    }

    boolean valid() { return problem == null; }

    String problem() { return problem; }

    /** Field names that start with the word under the caret (the last word typed). */
    static List<String> completions(String t) {
        int end = t.length(), start = end;
        while (start > 0 && isNameChar(t.charAt(start - 1))) start--;
        String word = t.substring(start, end);
        List<String> out = new ArrayList<>();
        if (word.length() < 2) return out;
        for (FieldDef d : Fields.all()) {
            if (d.abbrev().startsWith(word) && !d.abbrev().equals(word)) {
                out.add(d.abbrev());
                if (out.size() == MAX_SUGGESTIONS) break;
            }
        }
        return out;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-';
    }

    private void suggest(String t) {
        List<String> names = text.isFocused() || text.getScene() != null ? completions(t) : List.of();
        suggestions.getItems().clear();
        if (names.isEmpty()) {
            suggestions.hide();
            return;
        }
        int start = t.length();
        while (start > 0 && isNameChar(t.charAt(start - 1))) start--;
        String head = t.substring(0, start);
        for (String n : names) {
            MenuItem item = new MenuItem(n);
            FieldDef def = Fields.byName(n);
            if (def != null) item.setText(n + "   —   " + def.label());
            item.setOnAction(e -> {
                text.setText(head + n);
                text.positionCaret(text.getText().length());
            });
            suggestions.getItems().add(item);
        }
        if (!suggestions.isShowing() && text.getScene() != null && text.getScene().getWindow() != null
            && text.getScene().getWindow().isShowing()) {
            suggestions.show(text, Side.BOTTOM, 0, 0);
        }
    }
}
