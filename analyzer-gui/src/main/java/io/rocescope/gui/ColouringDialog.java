package io.rocescope.gui;

import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.paint.Color;
import javafx.stage.Window;

import java.util.List;

/** View → Colouring Rules: each rule's switch, filter (checked as the filter bar checks it) and colours. */
final class ColouringDialog {
    private ColouringDialog() {}

    static void show(Window owner, List<ColourRule> rules, Runnable changed) {
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Colouring Rules");
        d.setHeaderText("The first enabled rule a frame matches colours its row");
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("Rule"), new Label("Display filter"), new Label("Background"), new Label("Text"));
        int row = 1;
        CheckBox[] on = new CheckBox[rules.size()];
        TextField[] filter = new TextField[rules.size()];
        ColorPicker[] bg = new ColorPicker[rules.size()], fg = new ColorPicker[rules.size()];
        for (int i = 0; i < rules.size(); i++) {
            ColourRule r = rules.get(i);
            on[i] = new CheckBox(r.name);
            on[i].setSelected(r.enabled);
            filter[i] = new TextField(r.filterText);
            filter[i].setPrefColumnCount(40);
            filter[i].setDisable(ColourRule.ANALYSIS.equals(r.filterText));
            bg[i] = new ColorPicker(Color.web(r.background));
            fg[i] = new ColorPicker(Color.web(r.foreground));
            g.addRow(row++, on[i], filter[i], bg[i], fg[i]);
        }
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
            for (int i = 0; i < rules.size(); i++) {
                ColourRule r = rules.get(i);
                r.enabled = on[i].isSelected();
                if (!filter[i].isDisabled()) r.setFilter(filter[i].getText());
                r.background = web(bg[i].getValue());
                r.foreground = web(fg[i].getValue());
            }
            changed.run();
        });
    }

    private static String web(Color c) {
        return String.format("#%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255), Math.round(c.getBlue() * 255));
    }
}
