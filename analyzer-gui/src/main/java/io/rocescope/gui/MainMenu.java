package io.rocescope.gui;

import javafx.application.Platform;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;

import java.io.File;

/** The window's menu bar (File, Edit, View, Capture, Analyze, Statistics): each item calls what the window does. */
final class MainMenu {
    final MenuBar bar;
    private final RoceScopeGui gui;
    private final Menu recentMenu = new Menu("Open Recent");

    MainMenu(RoceScopeGui gui) {
        this.gui = gui;
        MenuItem open = item("Open…", "Shortcut+O", () -> {
            File f = chooser("Open a capture").showOpenDialog(gui.stage());
            if (f != null) gui.open(f.getPath());
        });
        refreshRecent();
        MenuItem export = item("Export Specified Frames…", null, () -> FrameExport.dialog(gui));
        MenuItem props = item("Capture File Properties", "Shortcut+Alt+Shift+C", gui.propertiesDialog::show);
        MenuItem quit = item("Quit", "Shortcut+Q", Platform::exit);
        Menu fileMenu = new Menu("File", null, open, recentMenu, new SeparatorMenuItem(), export, props, new SeparatorMenuItem(), quit);
        MenuItem copyText = item("Copy Rows as Text", "Shortcut+C", () -> gui.packets.copy(false));
        MenuItem copyCsv = item("Copy Rows as CSV", "Shortcut+Shift+C", () -> gui.packets.copy(true));
        MenuItem goTo = item("Go to Frame…", "Shortcut+G", () -> GoToDialog.show(gui::goToFrame, gui.status::setText));
        MenuItem focusFilter = item("Focus the Filter Bar", "Shortcut+/", () -> gui.filterBar.text.requestFocus());
        Menu edit = new Menu("Edit", null, copyText, copyCsv, new SeparatorMenuItem(), goTo, focusFilter, new SeparatorMenuItem(),
            item("Find Packet…", "Shortcut+F", () -> gui.findBar.show(true)), item("Find Next", "Shortcut+N", () -> gui.findBar.find(true)),
            item("Find Previous", "Shortcut+B", () -> gui.findBar.find(false)));
        MenuItem colouring = item("Colouring Rules…", null, gui::colouringDialog);
        Menu view = new Menu("View", null, colouring);
        Menu analyze = new Menu("Analyze", null,
            select("Connections", "Shortcut+1", gui.connectionsTab),
            select("Expert Info", "Shortcut+2", gui.expertTab),
            select("Set-up Ladders", "Shortcut+3", gui.laddersTab),
            select("IO Graph", "Shortcut+4", gui.ioTab),
            new SeparatorMenuItem(), item("Follow QP", "Shortcut+Alt+Shift+Q", gui.followQp::selected));
        Menu statistics = new Menu("Statistics", null,
            select("PSN Time-Sequence Graph", "Shortcut+5", gui.psnTab),
            select("RTT Distribution", "Shortcut+6", gui.rttTab));
        Menu capture = new Menu("Capture", null, item("Start…", "Shortcut+E", gui.live::dialog), item("Stop", "Shortcut+Shift+E", gui.live::stop));
        bar = new MenuBar(fileMenu, edit, view, capture, analyze, statistics);
    }

    static MenuItem item(String text, String accel, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accel != null) m.setAccelerator(KeyCombination.keyCombination(accel));
        m.setOnAction(e -> action.run());
        return m;
    }

    /** An item that brings tab {@code tab} to the front. */
    private MenuItem select(String text, String accel, Tab tab) {
        return item(text, accel, () -> gui.tabs.getSelectionModel().select(tab));
    }

    private static FileChooser chooser(String title) {
        FileChooser c = new FileChooser();
        c.setTitle(title);
        c.getExtensionFilters().addAll(
            new FileChooser.ExtensionFilter("Captures (pcap, pcapng, compressed)", "*.pcap", "*.pcapng", "*.cap", "*.gz", "*.zst", "*.lz4"),
            new FileChooser.ExtensionFilter("All files", "*"));
        return c;
    }

    /** Open Recent lists the captures opened last (again after each open). */
    void refreshRecent() {
        recentMenu.getItems().clear();
        for (String p : gui.recent.list()) recentMenu.getItems().add(item(p, null, () -> gui.open(p)));
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }
}
