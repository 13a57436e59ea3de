package io.rocescope.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the window needs from the machine before JavaFX is asked to open it: a display, and GTK 3
 * (JavaFX's Linux toolkit loads {@code libgtk-3.so.0} at start-up). Without them JavaFX fails with a
 * stack trace or a bare "Internal Error"; checked first, the user gets one line naming what to get.
 */
final class GuiEnvironment {
    static final String GTK = "libgtk-3.so.0";

    private GuiEnvironment() {}

    /** One line saying what is missing and how to get it, or null when the window can be tried. */
    static String missing(Map<String, String> env, List<Path> libraryDirs) {
        if (blank(env.get("DISPLAY")) && blank(env.get("WAYLAND_DISPLAY"))) {
            return "no display (DISPLAY is not set): run it in a desktop session, over ssh -X, or under xvfb-run (Debian's xvfb)";
        }
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) return null;
        for (Path dir : libraryDirs) if (Files.exists(dir.resolve(GTK))) return null;
        return "GTK 3 is not installed (" + GTK + " not found): apt-get install libgtk-3-0";
    }

    /** Where the dynamic loader looks: LD_LIBRARY_PATH, ld.so.conf's folders, the standard ones. */
    static List<Path> libraryDirs(Map<String, String> env) {
        Set<Path> dirs = new LinkedHashSet<>();
        String ld = env.get("LD_LIBRARY_PATH");
        if (!blank(ld)) for (String d : ld.split(":")) if (!d.isEmpty()) dirs.add(Path.of(d));
        List<Path> conf = new ArrayList<>(List.of(Path.of("/etc/ld.so.conf")));
        try (Stream<Path> s = Files.list(Path.of("/etc/ld.so.conf.d"))) {
            s.filter(p -> p.toString().endsWith(".conf")).sorted().forEach(conf::add);
        } catch (IOException e) {
            // no ld.so.conf.d: the standard folders below remain
        }
        for (Path c : conf) {
            try {
                for (String line : Files.readAllLines(c)) {
                    String t = line.strip();
                    if (t.startsWith("/")) dirs.add(Path.of(t));
                }
            } catch (IOException e) {
                // unreadable: skipped
            }
        }
        for (String d : List.of("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib")) {
            dirs.add(Path.of(d));
        }
        return new ArrayList<>(dirs);
    }

    private static boolean blank(String s) { return s == null || s.isBlank(); }
}
