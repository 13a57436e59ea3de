package io.rocescope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two network namespaces of a test's own joined by a veth pair (A: 10.N.0.1, B: 10.N.0.2, IPv6 off so
 * that no router solicitation or DAD frame joins a replayed capture), removed on {@link #close} also when
 * the test failed. Nothing leaves them: the only interfaces are the pair and each side's loopback.
 */
public final class NetnsPair implements AutoCloseable {
    private static final AtomicInteger NEXT = new AtomicInteger();
    public final String a, b, ifA, ifB, ipA, ipB;

    private NetnsPair(String tag) throws IOException {
        int n = NEXT.incrementAndGet();
        long pid = ProcessHandle.current().pid() % 10000;
        a = "rs" + pid + tag + n + "a";
        b = "rs" + pid + tag + n + "b";
        ifA = "rsv" + n + "a";
        ifB = "rsv" + n + "b";
        int net = 100 + (int) ((pid * 7 + n) % 100);
        ipA = "10." + net + ".0.1";
        ipB = "10." + net + ".0.2";
        try {
            sh("ip", "netns", "add", a);
            sh("ip", "netns", "add", b);
            sh("ip", "link", "add", ifA, "netns", a, "type", "veth", "peer", "name", ifB, "netns", b);
            for (String[] side : new String[][] {{a, ifA, ipA}, {b, ifB, ipB}}) {
                sh("ip", "netns", "exec", side[0], "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1");
                sh("ip", "netns", "exec", side[0], "sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=1");
                sh("ip", "-n", side[0], "addr", "add", side[2] + "/24", "dev", side[1]);
                sh("ip", "-n", side[0], "link", "set", side[1], "up");
                sh("ip", "-n", side[0], "link", "set", "lo", "up");
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    public static NetnsPair create(String tag) throws IOException { return new NetnsPair(tag); }

    /** Whether this process may create namespaces (root, iproute2, a kernel with netns and veth). */
    public static boolean available() {
        try {
            sh("ip", "netns", "add", "rsprobe" + ProcessHandle.current().pid());
            sh("ip", "netns", "del", "rsprobe" + ProcessHandle.current().pid());
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** The CLI in a JVM of its own inside namespace {@code ns}. */
    ProcessBuilder cli(String ns, String... args) {
        return java(ns, RoceScope.class.getName(), args);
    }

    /** A class of the test classpath run in its own JVM inside {@code ns}. */
    public ProcessBuilder java(String ns, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns,
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    /** Runs a command in {@code ns}; returns its output (throws when it fails). */
    public String exec(String ns, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        cmd.addAll(List.of(args));
        return sh(cmd.toArray(String[]::new));
    }

    static String sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": timed out");
            }
            if (p.exitValue() != 0) throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": " + out.strip());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        // deleting a namespace removes its end of the veth pair, and with it the other end
        for (String ns : new String[] {a, b}) {
            try {
                sh("ip", "netns", "del", ns);
            } catch (IOException ignored) {
                // not created
            }
        }
    }
}
