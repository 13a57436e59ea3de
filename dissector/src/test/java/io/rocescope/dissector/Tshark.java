package io.rocescope.dissector;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** tshark as the oracle, run on a (small) capture; tests using it are skipped where it is not installed. */
public final class Tshark {
    private Tshark() {}

    public static boolean available() {
        String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark")));
    }

    /** tshark -n -r FILE ARGS…: its standard output, line by line. */
    public static List<String> run(Path file, String... args) {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("tshark did not finish: " + cmd);
            }
            if (p.exitValue() != 0) throw new IllegalStateException("tshark exited " + p.exitValue() + ": " + cmd);
            return out.lines().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** tshark -T fields -e F1 -e F2 … [-Y FILTER]: one String[] per frame (tab-separated values). */
    public static List<String[]> fields(Path file, String filter, String... fields) {
        List<String> args = new ArrayList<>();
        if (filter != null) { args.add("-Y"); args.add(filter); }
        args.add("-T");
        args.add("fields");
        for (String f : fields) { args.add("-e"); args.add(f); }
        return run(file, args.toArray(String[]::new)).stream().map(l -> l.split("\t", -1)).toList();
    }
}
