package io.rocescope.gui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The captures opened last, newest first, kept in a small text file (one path a line):
 * {@code ~/.config/rocescope/recent-files}, or the file the system property {@code rocescope.gui.recent} names.
 */
final class RecentFiles {
    static final int MAX = 10;
    private final Path store;

    RecentFiles(Path store) { this.store = store; }

    static RecentFiles standard() {
        String p = System.getProperty("rocescope.gui.recent");
        if (p != null) return new RecentFiles(Path.of(p));
        return new RecentFiles(Path.of(System.getProperty("user.home"), ".config", "rocescope", "recent-files"));
    }

    List<String> list() {
        try {
            if (!Files.isRegularFile(store)) return List.of();
            return Files.readAllLines(store, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).limit(MAX).toList();
        } catch (IOException e) {
            return List.of();   // an unreadable list is an empty one
        }
    }

    /** Puts {@code path} first (once). */
    void add(String path) {
        String abs = Path.of(path).toAbsolutePath().normalize().toString();
        List<String> l = new ArrayList<>(list());
        l.remove(abs);
        l.add(0, abs);
        while (l.size() > MAX) l.remove(l.size() - 1);
        try {
            if (store.getParent() != null) Files.createDirectories(store.getParent());
            Files.write(store, l, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // not remembered: the window works without it
        }
    }
}
