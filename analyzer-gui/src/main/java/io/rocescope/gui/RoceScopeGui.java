package io.rocescope.gui;

import io.rocescope.analysis.CaptureAnalysis;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import io.rocescope.dissector.pipeline.FramePipeline;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The window. The packet list on top (virtualized: a capture of any size shows its first rows at
 * once, while it is indexed in the background), the filter bar above it; below, in tabs, the selected
 * frame's fields and bytes, and the RoCE analysis the CLI runs (connections, expert info, set-up ladders,
 * IO graph), filled when the analysis in the background ends. Nothing long runs on the JavaFX thread.
 * This class wires the parts and keeps what they share (the capture shown, its rows, the filter, the analysis);
 * what stands alone is a class of its own: {@link MainMenu}, {@link LiveCapture}, {@link ColumnSort},
 * {@link FollowQpAction}, {@link FrameExport}, {@link CapturePropertiesDialog}, {@link GoToDialog},
 * and {@link BackgroundWork} runs the jobs.
 */
public final class RoceScopeGui extends Application {
    final List<ColourRule> rules = new java.util.ArrayList<>(ColourRule.defaults());
    final BackgroundWork work = new BackgroundWork();
    final ColumnSort sort = new ColumnSort(this);
    final PacketList packets = new PacketList(sort::sortBy, this::applyFilterText);
    final javafx.scene.control.TableView<Integer> frames = packets.table;
    final DetailPane detail = new DetailPane(this::filterFromField);
    final javafx.scene.control.TreeView<FieldTree.Node> fields = detail.fields;
    final TextArea bytes = detail.bytes;
    final FilterBar filterBar = new FilterBar(this::applyFilterText, this::filterProblem);
    final FindBar findBar = new FindBar(frames, this::file, this::rows, work::run);
    final Label status = new Label("Open a capture (File → Open, or drop it here)");
    final Label displayed = new Label("");
    final ConnectionsView connections = new ConnectionsView(this::applyFilterText);
    final ExpertView expert = new ExpertView(this::goToFrame);
    final LadderView ladders = new LadderView(this::goToFrame);
    final IoGraphView ioGraph = new IoGraphView();
    final PsnGraphView psnGraph = new PsnGraphView(this::goToFrame, work::run);
    final RttView rtt = new RttView();
    final TabPane tabs = new TabPane();
    final Tab detailTab = new Tab("Packet Details"), connectionsTab = new Tab("Connections"), expertTab = new Tab("Expert Info"),
        laddersTab = new Tab("Set-up Ladders"), ioTab = new Tab("IO Graph");
    final Tab psnTab = new Tab("PSN Graph"), rttTab = new Tab("RTT");
    final RecentFiles recent = RecentFiles.standard();
    final LiveCapture live = new LiveCapture(this);
    final CapturePropertiesDialog propertiesDialog = new CapturePropertiesDialog(this);
    final FollowQpAction followQp = new FollowQpAction(this);
    private MainMenu menu;
    private Stage stage;

    private CaptureFile file;
    /** The frames shown (every frame, a filter's matches, or a sort of them) and those in capture order, unsorted. */
    private FrameRows rows = FrameRows.all(0), unsorted = rows;
    /** Bumped on every open, filter and sort: background work of an older one is dropped. */
    final AtomicInteger generation = new AtomicInteger();
    private volatile CountDownLatch indexedLatch = new CountDownLatch(0);
    private volatile Reports.Analysis analysis;
    private String appliedFilter = "";
    /** When the capture was opened, indexed to its end, analysed; for the benchmark (nanoTime; 0 = not yet). */
    volatile long openedAt, indexedAt, analysedAt;

    /** When the table first drew a row of this capture (nanoTime; 0 = not yet). */
    long firstRowsAt() { return packets.rows() == null ? 0 : packets.rows().firstRowAt; }

    @Override
    public void start(Stage stage) {
        this.stage = stage;
        status.setId("status");
        displayed.setId("displayed");

        frames.getSelectionModel().selectedItemProperty().addListener((o, old, f) -> show(f));
        frames.getContextMenu().getItems().addAll(new SeparatorMenuItem(), MainMenu.item("Follow QP", null, followQp::selected));
        connections.table.setContextMenu(new javafx.scene.control.ContextMenu(
            MainMenu.item("Follow QP", null, () -> followQp.connection(connections.table.getSelectionModel().getSelectedItem()))));
        connections.frames = n -> file == null || n < 1 ? null : new FrameSource(file).decode((int) (n - 1));
        detailTab.setContent(detail.pane);
        connectionsTab.setContent(connections.pane);
        expertTab.setContent(expert.pane);
        laddersTab.setContent(ladders.pane);
        ioTab.setContent(ioGraph.pane);
        psnTab.setContent(psnGraph.pane);
        rttTab.setContent(rtt.pane);
        psnTab.setOnSelectionChanged(e -> psnGraph.visible(psnTab.isSelected()));
        for (Tab t : List.of(detailTab, connectionsTab, expertTab, laddersTab, ioTab, psnTab, rttTab)) t.setClosable(false);
        tabs.getTabs().addAll(detailTab, connectionsTab, expertTab, laddersTab, ioTab, psnTab, rttTab);
        tabs.setId("tabs");

        SplitPane split = new SplitPane(frames, tabs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox statusBar = new HBox(10, status, gap, work.label, work.progress, displayed);
        statusBar.getStyleClass().add("status-bar");
        statusBar.setPadding(new Insets(3, 8, 3, 8));

        menu = new MainMenu(this);
        VBox top = new VBox(menu.bar, filterBar.box, findBar.box);
        BorderPane root = new BorderPane(split, top, null, statusBar, null);
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        root.setOnDragDropped(e -> {
            List<File> fs = e.getDragboard().getFiles();
            if (fs != null && !fs.isEmpty()) open(fs.get(0).getPath());
            e.setDropCompleted(fs != null && !fs.isEmpty());
            e.consume();
        });
        Scene scene = new Scene(root, 1280, 820);
        scene.getStylesheets().add(RoceScopeGui.class.getResource("rocescope.css").toExternalForm());
        stage.setTitle("RoCEscope");
        stage.setScene(scene);
        stage.show();
        List<String> args = getParameters() == null ? List.of() : getParameters().getUnnamed();
        if (args.size() >= 2 && args.get(0).equals("-i")) live.start(args.get(1));
        else if (!args.isEmpty()) open(args.get(0));
    }

    // ---- opening and indexing ----

    /** Opens a capture: its first rows show as soon as they are indexed; a bad file is one line in the status bar. */
    void open(String path) {
        int gen = generation.incrementAndGet();
        live.drop();
        clearCapture();
        CaptureFile f;
        try {
            f = CaptureFile.open(path);
        } catch (IOException e) {
            status.setText("Cannot open " + e.getMessage());
            stage.setTitle("RoCEscope");
            return;
        }
        showFile(f);
        recent.add(path);
        menu.refreshRecent();
        String name = f.path.getFileName().toString();
        stage.setTitle(name + " — indexing … — RoCEscope");
        status.setText(f.path + (f.compressed ? " (compressed: unpacked to a temporary pcapng)" : ""));
        CountDownLatch latch = new CountDownLatch(1);
        indexedLatch = latch;
        work.busy("Indexing", 0);
        AtomicBoolean pending = new AtomicBoolean();
        work.thread("rocescope-gui-index", () -> {
            try {
                f.index(fraction -> {
                    if (pending.compareAndSet(false, true)) {
                        Platform.runLater(() -> {
                            pending.set(false);
                            if (gen == generation.get() || file == f) grow(f, fraction);
                        });
                    }
                }, () -> file != f);
            } catch (IOException | java.io.UncheckedIOException e) {
                // the capture, or the temporary folder the index spills to (full, unwritable): said, not a silent short list
                Platform.runLater(() -> status.setText("Read error: " + e.getMessage() + " — the list stops at the frames indexed before it"));
            } finally {
                latch.countDown();
            }
        }, () -> indexed(f));
    }

    /** Forgets the capture shown (its rows before its file), for another to be shown. */
    private void clearCapture() {
        openedAt = System.nanoTime();
        indexedAt = analysedAt = 0;
        frames.getSelectionModel().clearSelection();
        frames.setItems(FrameRows.all(0));   // the old capture's rows go before its file does
        closeFile();
    }

    /** Shows live capture {@code f}, which grows as frames arrive, titled {@code title}. */
    void showCapturing(CaptureFile f, String title) {
        clearCapture();
        showFile(f);
        indexedLatch = new CountDownLatch(0);   // a filter applies to the frames captured so far
        stage.setTitle(title);
        work.busy("Capturing", -1);
    }

    /** Empties every view for capture {@code f}, whose rows show as it is indexed. */
    private void showFile(CaptureFile f) {
        file = f;
        analysis = null;
        appliedFilter = "";
        filterBar.text.setText("");
        frames.getSortOrder().clear();
        PacketRows pr = new PacketRows(new FrameSource(f), rules);
        packets.rows(pr);
        replaceRows(FrameRows.all(0), true);
        frames.setItems(rows);
        detail.show(null);
        connections.show(null);
        expert.show(null);
        ladders.show(null);
        ioGraph.clear();
        psnGraph.show(f, null);
        rtt.show(null);
    }

    /** More of the capture is indexed: the list grows (its first rows show with the first call). */
    void grow(CaptureFile f, double fraction) {
        if (file != f) return;
        int n = f.index.size();
        if (rows.isAll()) rows.growTo(n);
        if (unsorted.isAll()) unsorted.growTo(n);   // shown again when a sort goes back to capture order
        if (fraction >= 0) work.progress.setProgress(fraction);
        displayed.setText("Frames: " + n);
    }

    private void indexed(CaptureFile f) {
        if (file != f) return;
        showRead(f, f.path.getFileName() + " — " + Plural.of(f.index.size(), "frame"),
            f.path + (f.warnings().isEmpty() ? "" : " — warning: " + String.join("; ", f.warnings())));
        analyse(f);
    }

    /** Capture {@code f} is read to its end (indexed, or its live capture stopped): its counts, first frame and IO graph. */
    void showRead(CaptureFile f, String title, String statusText) {
        grow(f, 1);
        indexedAt = System.nanoTime();
        stage.setTitle(title);
        updateDisplayed();
        status.setText(statusText);
        if (f.index.size() > 0 && frames.getSelectionModel().isEmpty()) frames.getSelectionModel().select(0);
        ioGraph.show(f.index);
    }

    /** The CLI's analysis (CaptureAnalysis, as `rocescope flows`) in the background; its views fill when it ends. */
    private void analyse(CaptureFile f) {
        work.busy("Analysing", -1);
        work.run(() -> {
            StringWriter err = new StringWriter();
            Reports.Analysis a = CaptureAnalysis.analyze(f.readPath.toString(), new DecodeOptions(), TrackerOptions.defaults(),
                FramePipeline.defaultThreads(true), new PrintWriter(err));
            Platform.runLater(() -> {
                if (file == f) analysed(f, a);
            });
        });
    }

    /** The analysis of capture {@code f} has ended ({@code a}: its reports, or null): its views fill. */
    void analysed(CaptureFile f, Reports.Analysis a) {
        analysis = a;
        analysedAt = System.nanoTime();
        work.idle();
        if (a == null) return;
        connections.show(a);
        expert.show(a);
        ladders.show(a);
        psnGraph.show(f, a);
        rtt.show(a);
        packets.rows().retransmitted(Retransmissions.frames(a));
        frames.refresh();
    }

    // ---- filtering, sorting, going to a frame ----

    private void filterProblem(String problem) {
        if (problem != null) status.setText("Filter: " + problem);
        else if (file != null) status.setText(file.path.toString());
    }

    private void filterFromField(String filter, boolean apply) {
        filterBar.text.setText(filter);
        if (apply) applyFilterText(filter);
    }

    /** Shows only the frames {@code text} keeps (every frame when blank), worked out in the background. */
    void applyFilterText(String text) {
        int gen = newFilter(text);
        if (gen < 0) return;
        CaptureFile f = file;
        if (text.isBlank()) {
            appliedFilter = "";
            replaceRows(FrameRows.all(f.index.size()), true);
            setRows(rows, null);
            return;
        }
        DisplayFilter filter;
        try {
            filter = DisplayFilter.parse(text);
        } catch (FilterSyntaxException e) {
            status.setText("Filter: " + e.getMessage());
            return;
        }
        work.busy("Filtering", -1);
        work.run(() -> {
            try {
                awaitIndexed();
                SpilledLongs kept = FilterJob.select(f, filter, () -> generation.get() != gen);
                Platform.runLater(() -> {
                    work.idle();
                    showFiltered(gen, text, kept);
                });
            } catch (CancellationException | InterruptedException e) {
                Platform.runLater(work::idle);
            } catch (IOException | java.io.UncheckedIOException e) {
                Platform.runLater(() -> { work.idle(); status.setText("Filter: read error: " + e.getMessage()); });
            }
        });
    }

    /**
     * Sets the filter bar to {@code text} and starts filtering by it (the sort is dropped): the generation its
     * frames are to be shown at ({@link #showFiltered}), or -1 when no capture is open.
     */
    int newFilter(String text) {
        if (!text.equals(filterBar.text.getText())) filterBar.text.setText(text);
        if (file == null) return -1;
        int gen = generation.incrementAndGet();
        frames.getSortOrder().clear();
        return gen;
    }

    /** Waits (on a background thread) until the capture shown is indexed to its end: a filter selects from all its frames. */
    void awaitIndexed() throws InterruptedException {
        indexedLatch.await();
    }

    /**
     * On the JavaFX thread: shows {@code kept}, the frames (in capture order) filter {@code text} selected for
     * generation {@code gen} of {@link #newFilter}; the rows own {@code kept} from then on. When a newer open,
     * filter or sort has come since, {@code kept} is closed instead.
     */
    void showFiltered(int gen, String text, SpilledLongs kept) {
        if (generation.get() != gen) {
            kept.close();
            return;
        }
        appliedFilter = text;
        replaceRows(FrameRows.inCaptureOrder(kept), true);
        setRows(rows, null);
    }

    /**
     * The rows shown from now on: a new set ({@code unsortedToo}: every frame, a filter's) or a sort of the
     * set shown. The rows they replace are closed (their temporary files go), the table being given the new ones next.
     */
    private void replaceRows(FrameRows r, boolean unsortedToo) {
        if (rows != unsorted && rows != r) rows.close();
        if (unsortedToo && unsorted != r) {
            unsorted.close();
            unsorted = r;
        }
        rows = r;
    }

    /** Shows these rows, keeping the selected frame selected when it is among them. */
    private void setRows(FrameRows r, Integer keep) {
        Integer sel = keep != null ? keep : frames.getSelectionModel().getSelectedItem();
        frames.setItems(r);
        updateDisplayed();
        if (sel != null) {
            int pos = r.positionOf(sel);
            if (pos >= 0) {
                frames.getSelectionModel().clearAndSelect(pos);
                frames.scrollTo(Math.max(0, pos - 5));
                return;
            }
        }
        if (r.size() > 0) frames.getSelectionModel().clearAndSelect(0);
        else detail.show(null);
    }

    private void updateDisplayed() {
        if (file == null) return;
        int n = file.index.size();
        displayed.setText("Frames: " + n + " · Displayed: " + rows.size()
            + (n > 0 ? String.format(" (%.1f%%)", 100.0 * rows.size() / n) : ""));
    }

    /** The displayed frames in capture order, unsorted (what a sort sorts). */
    FrameRows unsorted() { return unsorted; }

    /** Shows {@code sorted}, a sort of the displayed frames. */
    void showSorted(FrameRows sorted) {
        replaceRows(sorted, false);
        setRows(rows, null);
    }

    /** Selects frame {@code number} (from 1) and scrolls to it; when the filter hides it, the filter is cleared first. */
    boolean goToFrame(long number) {
        if (file == null || number < 1 || number > file.index.size()) return false;
        int frame = (int) (number - 1);
        int pos = rows.positionOf(frame);
        if (pos < 0) {
            appliedFilter = "";
            filterBar.text.setText("");
            generation.incrementAndGet();
            replaceRows(FrameRows.all(file.index.size()), true);
            setRows(rows, frame);
            return true;
        }
        frames.getSelectionModel().clearAndSelect(pos);
        frames.scrollTo(Math.max(0, pos - 5));
        frames.requestFocus();
        return true;
    }

    private void show(Integer frame) {
        if (frame == null || packets.rows() == null) {
            detail.show(null);
            return;
        }
        detail.show(packets.rows().source().decode(frame));
    }

    /** View → Colouring Rules: the rows are coloured again as the rules change. */
    void colouringDialog() {
        ColouringDialog.show(stage, rules, () -> {
            if (packets.rows() != null) packets.rows().rulesChanged();
            frames.refresh();
        });
    }

    Reports.Analysis analysis() { return analysis; }

    CaptureFile file() { return file; }

    Stage stage() { return stage; }

    FrameRows rows() { return rows; }

    String appliedFilter() { return appliedFilter; }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // closing a file we only read: nothing to say
            }
            file = null;
        }
    }

    @Override
    public void stop() {
        live.stop();
        closeFile();
        work.shutdown();
    }
}
