package io.rocescope.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The captures named on the command line: a directory means every capture file under it (by name:
 * .pcap, .pcapng, .cap, .erf, each maybe .gz/.zst/.lz4; a file in a sub-folder takes that folder's name as
 * its host), a glob ({@code /data/*&#47;eth0-*.pcapng}) the files it matches, a file itself. Sorted, each once.
 */
final class CaptureInputs {
    private static final Pattern CAPTURE = Pattern.compile(".*\\.(pcap|pcapng|cap|erf)(\\.(gz|zst|lz4))?", Pattern.CASE_INSENSITIVE);

    private CaptureInputs() {}

    /** Thrown for an argument that names nothing: the message is the one line the user sees. */
    static final class NoSuchInput extends Exception {
        NoSuchInput(String message) { super(message); }
    }

    static List<CaptureInput> expand(List<String> args) throws NoSuchInput {
        Map<Path, CaptureInput> found = new LinkedHashMap<>();
        for (String arg : args) {
            int before = found.size();
            Path p = Path.of(arg);
            if (Files.isDirectory(p)) {
                directory(p, found);
            } else if (Files.isRegularFile(p)) {
                add(found, p, null);
            } else if (isGlob(arg)) {
                glob(arg, found);
            } else {
                throw new NoSuchInput(arg + ": no such file or directory");
            }
            if (found.size() == before && !Files.isRegularFile(p)) throw new NoSuchInput(arg + ": no capture files there");
        }
        List<CaptureInput> out = new ArrayList<>(found.values());
        out.sort((x, y) -> x.path().compareTo(y.path()));
        return out;
    }

    private static void directory(Path dir, Map<Path, CaptureInput> found) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(Files::isRegularFile).filter(f -> CAPTURE.matcher(f.getFileName().toString()).matches()).forEach(f -> {
                Path rel = dir.relativize(f);
                add(found, f, rel.getNameCount() > 1 ? rel.getName(0).toString() : null);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isGlob(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
    }

    /** The longest leading part without glob characters is walked, the rest matched against each file. */
    private static void glob(String pattern, Map<Path, CaptureInput> found) throws NoSuchInput {
        Path abs = Path.of(pattern.replaceAll("[*?\\[{].*", "x")).toAbsolutePath();
        Path base = abs.getParent();
        while (base != null && !Files.isDirectory(base)) base = base.getParent();
        if (base == null) throw new NoSuchInput(pattern + ": no such file or directory");
        String absPattern = Path.of(pattern).isAbsolute() ? pattern : Path.of("").toAbsolutePath() + "/" + pattern;
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + absPattern);
        try (Stream<Path> s = Files.walk(base)) {
            s.filter(Files::isRegularFile).filter(f -> m.matches(f.toAbsolutePath())).forEach(f -> add(found, f, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void add(Map<Path, CaptureInput> found, Path f, String host) {
        Path abs = f.toAbsolutePath().normalize();
        long size;
        try {
            size = Files.size(abs);
        } catch (IOException e) {
            size = 0;   // the task that reads it will say why
        }
        found.putIfAbsent(abs, new CaptureInput(abs.toString(), host, size));
    }
}
