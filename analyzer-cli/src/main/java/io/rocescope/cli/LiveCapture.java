package io.rocescope.cli;

import io.rocescope.analysis.JunitXml;
import io.rocescope.analysis.RulePackLoader;
import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.LiveAnalysis;
import io.rocescope.cli.live.CaptureFiles;
import io.rocescope.cli.live.CaptureStats;
import io.rocescope.cli.live.StatusLine;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.RuleResult;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapStat;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code capture --analyze}: frames from libpcap go to the live analysis (and to -w's files); each new
 * finding is printed as the tracker makes it, a status line is kept on a terminal's standard error, and
 * when the capture ends (-c, -a, Ctrl-C) the same flows and expert summary as for a file, the drop counts,
 * and with --rules the same verdict as {@code check} (exit 1 when a rule fails). With --probe the probes go
 * while it captures ({@link CaptureProbes}), their frames captured and analysed with the rest, their results
 * after the summary; without -c or -a the capture ends once they are done and every frame the kernel
 * captured until then has been taken.
 */
final class LiveCapture {
    /** The name a rule result and the JUnit suite give the capture. */
    private final String name;
    private final PcapHandle handle;
    private final int linkType;
    private final long count;
    private final double seconds;
    private final boolean json;
    private final List<Rule> rules;
    private final Path junit;
    private final OutputStream out;
    private final PrintWriter err;
    private final LiveAnalysis analysis;
    private final StatusLine status;
    private final CaptureProbes probes;
    private volatile CaptureStats lastStats = CaptureStats.NONE;
    /** Frames libpcap handed to the loop (counted before the analysis's queue, which may drop). */
    private final java.util.concurrent.atomic.AtomicLong taken = new java.util.concurrent.atomic.AtomicLong();
    private volatile Thread drainer;

    LiveCapture(String iface, PcapHandle handle, long count, double seconds, boolean json, List<Rule> rules, Path junit,
                DecodeOptions decode, TrackerOptions tracking, OutputStream out, PrintWriter err) {
        this(iface, handle, count, seconds, json, rules, junit, decode, tracking, out, err, null);
    }

    /** {@code probes} (may be null): capture --probe's, set up, started once the capture is open. */
    LiveCapture(String iface, PcapHandle handle, long count, double seconds, boolean json, List<Rule> rules, Path junit,
                DecodeOptions decode, TrackerOptions tracking, OutputStream out, PrintWriter err, CaptureProbes probes) {
        this.name = "live:" + iface;
        this.probes = probes;
        this.handle = handle;
        this.linkType = handle.getDlt().value();
        this.count = count;
        this.seconds = seconds;
        this.json = json;
        this.rules = rules;
        this.junit = junit;
        this.out = out;
        this.err = err;
        this.analysis = new LiveAnalysis(decode, tracking);
        boolean tty = StatusLine.stderrIsTerminal();
        this.status = new StatusLine(tty ? new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
            StandardCharsets.UTF_8)) : err, tty);
    }

    /** libpcap's counters now, with the analysis's own drops. */
    CaptureStats stats() {
        long ours = analysis.progress().queueDrops();
        try {
            PcapStat s = handle.getStats();
            lastStats = new CaptureStats(s.getNumPacketsReceived(), s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf(), ours);
        } catch (Exception e) {
            lastStats = new CaptureStats(lastStats.received(), lastStats.kernelDrops(), lastStats.interfaceDrops(), ours);
        }
        return lastStats;
    }

    /** Runs until the capture ends; {@code files} (may be null) gets every frame. Returns the exit code. */
    int run(CaptureFiles files) throws IOException {
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread capture = new Thread(() -> {
            try {
                loop(files);
            } catch (Throwable t) {
                failed.compareAndSet(null, t);
            } finally {
                // -c reached, or the loop broken: no probe may go out that the capture would not take
                if (probes != null) probes.cancel();
                analysis.end();
            }
        }, "rocescope-capture");
        Thread stopper = stopAfter(seconds);
        Thread ticker = new Thread(this::tick, "rocescope-status");
        ticker.setDaemon(true);
        Object previous = Interrupts.onInterrupt(this::stop);
        Reports.Analysis result;
        // as tshark says it: the capture is open (frames are kept from here on), which a script can wait for
        err.println("Capturing on '" + name.substring(5) + "'");
        try {
            capture.start();
            ticker.start();
            // the handle was open before the loop began: the kernel keeps the probes' frames from the first
            if (probes != null) probes.start(this::printLine, !json, this::probesDone);
            result = analysis.run(this::finding, rules == null ? null : this::gate);
            capture.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Interrupts.restore(previous);
            ticker.interrupt();
            if (stopper != null) stopper.interrupt();
            Thread d = drainer;
            if (d != null) d.interrupt();
            if (probes != null) stopProbes();
            status.clear();
        }
        CaptureStats s = stats();
        if (files != null && failed.get() == null) files.close();
        if (failed.get() instanceof IOException e) throw e;
        if (failed.get() instanceof RuntimeException e) throw e;
        if (failed.get() instanceof Error e) throw e;
        return summary(result, s);
    }

    /** The capture thread: libpcap's loop, each frame to the files and the analysis. */
    private void loop(CaptureFiles files) throws IOException {
        IOException[] failed = {null};
        try {
            handle.loop(count < 0 ? -1 : (int) Math.min(count, Integer.MAX_VALUE), (byte[] data) -> {
                Timestamp t = handle.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                long original = Math.max(data.length, handle.getOriginalLength());
                taken.incrementAndGet();
                try {
                    if (files != null) files.write(nanos, data, data.length, original);
                } catch (IOException e) {
                    if (failed[0] == null) failed[0] = e;
                    stop();
                }
                analysis.offer(nanos, data, data.length, original, linkType);
            });
        } catch (InterruptedException e) {
            // breakLoop: the time limit or Ctrl-C
        } catch (org.pcap4j.core.PcapNativeException | org.pcap4j.core.NotOpenException e) {
            throw new IOException("capture failed: " + e.getMessage(), e);
        }
        if (failed[0] != null) throw failed[0];
    }

    /**
     * The probes are done: without -c or -a the capture stops once it has taken every frame the kernel
     * captured (libpcap's count less its drops: a -f filter runs in the kernel, so both count the same
     * frames), so the probes' last answers are in; at most 5 s later in any case.
     */
    private void probesDone() {
        if (count >= 0 || seconds >= 0) return;
        Thread t = new Thread(() -> {
            try {
                // the last answer reached every packet socket at once; a moment for the kernel to count it
                Thread.sleep(100);
                long end = System.nanoTime() + 5_000_000_000L;
                while (System.nanoTime() < end) {
                    CaptureStats s = stats();
                    if (taken.get() >= s.received() - s.kernelDrops()) break;
                    Thread.sleep(20);
                }
                stop();
            } catch (InterruptedException ignored) {
                // the capture ended first
            }
        }, "rocescope-probe-drain");
        t.setDaemon(true);
        drainer = t;
        t.start();
    }

    /** The capture is over: the probes still going stop (their results so far are kept). */
    private void stopProbes() {
        try {
            probes.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A probe's line (text output), printed between the findings. */
    private void printLine(String text) {
        status.println(() -> {
            try {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    void stop() {
        // the probes first: one sent between the loop's end and the analysis' end was never captured
        if (probes != null) probes.cancel();
        try {
            handle.breakLoop();
        } catch (org.pcap4j.core.NotOpenException e) {
            // closed already: the loop is over
        }
    }

    private Thread stopAfter(double s) {
        if (s < 0) return null;
        long deadline = System.nanoTime() + (long) (s * 1e9);
        Thread t = new Thread(() -> {
            try {
                while (System.nanoTime() < deadline) Thread.sleep(20);
                stop();
            } catch (InterruptedException ignored) {
                // the capture ended first
            }
        }, "rocescope-capture-timer");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The status line, twice a second. */
    private void tick() {
        try {
            while (true) {
                Thread.sleep(500);
                LiveAnalysis.Progress p = analysis.progress();
                CaptureStats s = stats();
                status.update(p.analyzed(), p.connections(), p.findings(), s.drops());
            }
        } catch (InterruptedException ignored) {
            // the capture is over
        }
    }

    /**
     * The live gate: a rule that has failed for good on the counts so far ({@link RuleEvaluator#failedForGood})
     * stops the capture at once; the verdict and JUnit at the end are check's, on everything captured until then.
     */
    private boolean gate(Reports.Analysis soFar) {
        List<RuleResult> failed = RuleEvaluator.failedForGood(soFar, rules);
        if (failed.isEmpty()) return false;
        RuleResult first = failed.get(0);
        status.println(() -> err.println("rocescope: rule " + first.rule() + " failed (" + first.subject()
            + "): stopping the capture"));
        err.flush();
        stop();
        return true;
    }

    /** A new finding, as the tracker made it: expert's line, or one JSON line. */
    private void finding(Finding f) {
        status.println(() -> {
            try {
                if (json) {
                    JsonLines.write(out, Json.object("finding", f));
                } else {
                    StringBuilder sb = new StringBuilder();
                    ExpertCommand.line(sb, f);
                    out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private int summary(Reports.Analysis a, CaptureStats s) throws IOException {
        String warning = s.warning();
        if (warning != null) err.println("rocescope: warning: " + warning);
        if (probes != null) {
            for (String w : probes.warnings()) err.println("rocescope: " + w);
            for (String e : probes.errors()) err.println("rocescope: " + e);
        }
        Map<String, Object> capture = Json.object("interface", name.substring(5), "frames", analysis.progress().analyzed(),
            "received", s.received(), "kernelDrops", s.kernelDrops(), "interfaceDrops", s.interfaceDrops(), "analysisDrops", s.analysisDrops());
        Map<String, List<RuleResult>> results = new LinkedHashMap<>();
        if (rules != null) results.put(name, RuleEvaluator.evaluate(a, rules));
        if (json) {
            JsonLines.write(out, Json.object("flows", new FlowsCommand().jsonView(a)));
            JsonLines.write(out, Json.object("expert", new ExpertCommand().jsonView(a)));
            JsonLines.write(out, Json.object("capture", capture));
            if (rules != null) JsonLines.write(out, Json.object("check", results));
            if (probes != null) JsonLines.write(out, Json.object("probes", ProbeReport.json(probes.results())));
        } else {
            StringBuilder sb = new StringBuilder(4096);
            sb.append(String.format(Locale.ROOT, "%s: %d frames captured (%d dropped)%n%n", name, analysis.progress().analyzed(), s.drops()));
            new FlowsCommand().text(a, sb);
            sb.append('\n');
            new ExpertCommand().text(a, sb);
            if (rules != null) {
                sb.append('\n');
                CheckReport.text(sb, name, results.get(name));
            }
            if (probes != null) sb.append(ProbeReport.text(probes.results()));
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (junit != null) Files.writeString(junit, junit(results), StandardCharsets.UTF_8);
        boolean ruleFailed = results.values().stream().flatMap(List::stream).anyMatch(RuleResult::failed);
        if (probes != null && !probes.errors().isEmpty()) return RoceScope.EXIT_USAGE;
        boolean probeFailed = probes != null && probes.report().anyFailed(probes.results());
        return ruleFailed || probeFailed ? RoceScope.EXIT_FAILED : RoceScope.EXIT_OK;
    }

    /**
     * The JUnit document: check's with --rules alone, probe's with --probe alone, and with both one document
     * holding the rules' suite and the probes' (a CI job reads one file).
     */
    private String junit(Map<String, List<RuleResult>> results) {
        if (probes == null) return JunitXml.render(results);
        ProbeReport.Suite suite = probes.report().suite(probes.results());
        if (rules == null) return probes.report().junit(probes.results());
        long tests = suite.tests(), failures = suite.failures();
        for (List<RuleResult> l : results.values()) {
            tests += l.size();
            failures += l.stream().filter(RuleResult::failed).count();
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + String.format(Locale.ROOT, "<testsuites name=\"rocescope capture\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n", tests, failures)
            + JunitXml.suites(results, Map.of()) + suite.xml() + "</testsuites>\n";
    }

    static List<Rule> rules(List<Path> packs) throws RuleFileException {
        List<Rule> rules = new ArrayList<>();
        for (Path p : packs) rules.addAll(RulePackLoader.load(p));
        return rules;
    }
}
