package io.rocescope.gui;

import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Wireshark's Expert Information for the RoCE analysis: the findings of {@code rocescope expert},
 * grouped by severity (errors first) and kind, with counts; selecting a finding shows what it says and
 * its frames as links, double-clicking it goes to its first frame.
 */
final class ExpertView {
    /** A tree row: a severity, a kind, or one finding. */
    record Entry(String summary, String kind, String flow, long count, Finding finding, Severity severity) {}

    final TreeTableView<Entry> tree = new TreeTableView<>();
    final Label header = new Label("Findings appear when the analysis of the capture has run.");
    final Label message = new Label("");
    /** The kind's explanation from the findings registry (FindingKind): meaning, causes, next step, IBTA section. */
    final Label explanation = new Label("");
    final FlowPane frameLinks = new FlowPane(4, 2);
    final SplitPane pane;
    private final LongPredicate goTo;

    ExpertView(LongPredicate goTo) {
        this.goTo = goTo;
        tree.setId("expert");
        tree.setShowRoot(false);
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // widths that fit the pane (74% of the 1280-px window) without shrinking: a kind's summary is not cut off
        column("Summary", 600, Entry::summary);
        column("Kind", 175, Entry::kind);
        count();
        column("Where", 110, Entry::flow);
        tree.setRowFactory(t -> new TreeTableRow<>() {
            @Override
            protected void updateItem(Entry e, boolean empty) {
                super.updateItem(e, empty);
                getStyleClass().removeAll("sev-error", "sev-warning", "sev-note");
                if (!empty && e != null && e.severity() != null && e.finding() == null) {
                    getStyleClass().add("sev-" + e.severity().json());
                }
            }
        });
        tree.getSelectionModel().selectedItemProperty().addListener((o, old, item) -> details(item == null ? null : item.getValue()));
        tree.setOnMouseClicked(e -> {
            TreeItem<Entry> item = tree.getSelectionModel().getSelectedItem();
            if (e.getClickCount() == 2 && item != null && item.getValue().finding() != null) {
                goTo.test(item.getValue().finding().firstFrame());
            }
        });
        header.getStyleClass().add("view-header");
        message.setWrapText(true);
        message.getStyleClass().add("finding-message");
        explanation.setWrapText(true);
        explanation.getStyleClass().add("finding-explanation");
        VBox info = new VBox(6, message, frameLinks, explanation);
        info.setPadding(new Insets(8));
        BorderPane top = new BorderPane(tree);
        top.setTop(header);
        BorderPane.setMargin(header, new Insets(4, 8, 4, 8));
        javafx.scene.control.ScrollPane side = new javafx.scene.control.ScrollPane(info);
        side.setFitToWidth(true);
        pane = new SplitPane(top, side);
        pane.setDividerPositions(0.74);
    }

    /** The count, a number (it sorts as one: 12 after 4), blank on the root. */
    private void count() {
        TreeTableColumn<Entry, Long> c = new TreeTableColumn<>("Count");
        c.setPrefWidth(56);
        c.setCellValueFactory(cell -> {
            Entry e = cell.getValue().getValue();
            return new javafx.beans.property.ReadOnlyObjectWrapper<>(e == null || e.count() < 0 ? null : e.count());
        });
        tree.getColumns().add(c);
    }

    private void column(String title, double width, java.util.function.Function<Entry, String> text) {
        TreeTableColumn<Entry, String> c = new TreeTableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().getValue() == null ? "" : text.apply(cell.getValue().getValue())));
        tree.getColumns().add(c);
    }

    void show(Reports.Analysis a) {
        TreeItem<Entry> root = new TreeItem<>(new Entry("", "", "", -1, null, null));
        root.setExpanded(true);
        tree.setRoot(root);
        details(null);
        if (a == null) {
            header.setText("Findings appear when the analysis of the capture has run.");
            return;
        }
        for (Severity s : List.of(Severity.ERROR, Severity.WARNING, Severity.NOTE)) {
            Map<String, List<Finding>> byKind = new LinkedHashMap<>();
            for (Finding f : a.findings()) if (f.severity() == s) byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f);
            if (byKind.isEmpty()) continue;
            long total = 0;
            TreeItem<Entry> sev = new TreeItem<>();
            for (Map.Entry<String, List<Finding>> k : byKind.entrySet()) {
                long count = a.findingCounts().getOrDefault(k.getKey(), (long) k.getValue().size());
                total += count;
                FindingKind fk = FindingKind.of(k.getKey());
                String group = fk == null ? "" : " [" + fk.group().label() + "]";
                TreeItem<Entry> kind = new TreeItem<>(new Entry(k.getValue().get(0).message().replaceAll(":.*", "") + group,
                    k.getKey(), k.getValue().size() + " listed", count, null, s));
                for (Finding f : k.getValue()) {
                    kind.getChildren().add(new TreeItem<>(new Entry(f.message(), f.kind(), f.flow(), f.count(), f, s)));
                }
                sev.getChildren().add(kind);
            }
            sev.setValue(new Entry(label(s), "", Plural.of(byKind.size(), "kind"), total, null, s));
            sev.setExpanded(true);
            root.getChildren().add(sev);
        }
        header.setText(Plural.of(a.findings().size(), "finding") + " listed" + (a.findingsNotListed() > 0 ? " (" + a.findingsNotListed() + " more counted)" : "")
            + " — double-click one to go to its first frame");
    }

    static String label(Severity s) {
        return switch (s) {
            case ERROR -> "Error";
            case WARNING -> "Warning";
            case NOTE -> "Note";
        };
    }

    /** What the registry says of a kind, as the window shows it; empty for a kind it does not know. */
    static String explain(String key) {
        FindingKind k = key == null ? null : FindingKind.of(key);
        if (k == null) return "";
        return "What it means: " + k.meaning() + "\nUsual causes: " + k.causes() + "\nNext step: " + k.nextStep()
            + "\nGroup: " + k.group().label() + "   ·   IBTA: " + k.ibtaSection();
    }

    private void details(Entry e) {
        frameLinks.getChildren().clear();
        explanation.setText(e == null ? "" : explain(e.kind()));
        if (e == null || e.finding() == null) {
            message.setText(e == null ? "" : e.summary() + (e.kind().isEmpty() ? "" : " (" + e.kind() + ")"));
            return;
        }
        Finding f = e.finding();
        message.setText(f.message() + (f.causedBy() == null ? "" : "\nCaused by frame " + f.causedBy().frame() + " (" + f.causedBy().kind() + ")"));
        frameLinks.getChildren().add(new Label("Frames:"));
        for (Finding.FrameRange r : f.frameRanges()) {
            Hyperlink first = new Hyperlink(Long.toString(r.first()));
            first.setOnAction(x -> goTo.test(r.first()));
            frameLinks.getChildren().add(first);
            if (r.last() != r.first()) {
                Hyperlink last = new Hyperlink("–" + r.last());
                last.setOnAction(x -> goTo.test(r.last()));
                frameLinks.getChildren().add(last);
            }
        }
        if (f.moreFrames()) frameLinks.getChildren().add(new Label("… (more, counted only)"));
    }
}
