package io.rocescope.cli;

import io.rocescope.analysis.RuleFileException;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.PcapWriter;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.text.LineBuffer;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.rocescope.dissector.util.KeepOpenOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.concurrent.Callable;

/** {@code rocescope capture}: live capture with libpcap (pcap4j), printed like dissect or written to a pcap. */
@Command(name = "capture",
    description = {"Capture live on an interface (needs root or CAP_NET_RAW and Debian's libpcap0.8).",
        "Frames are printed like 'dissect', or written to a pcap with -w; --analyze analyses them live, --probe probes while capturing."})
final class CaptureCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Option(names = "-i", paramLabel = "IFACE", description = "interface, e.g. ens192 or lo")
    String iface;

    @Option(names = "-D", description = "list the interfaces and exit")
    boolean list;

    @Option(names = "-c", paramLabel = "N", description = "stop after N frames")
    long count = -1;

    @Option(names = "-a", paramLabel = "SECONDS", description = "stop after SECONDS")
    double seconds = -1;

    @Option(names = "-f", paramLabel = "BPF", description = "capture filter, e.g. \"udp port 4791\"")
    String bpf;

    @Option(names = "-w", paramLabel = "FILE", description = "write the frames to a pcap instead of printing them; - for standard output (capture -w - | rocescope flows -)")
    String write;

    @Option(names = "-s", paramLabel = "SNAPLEN", description = "bytes kept per frame (default ${DEFAULT-VALUE})")
    int snaplen = (int) PcapFileLayout.MAXIMUM_SNAPLEN;

    @Option(names = "-p", description = "don't put the interface into promiscuous mode")
    boolean noPromiscuous;

    @Option(names = "-F", paramLabel = "FORMAT", description = "file format for -w: pcapng (default; with the interface's description and capture statistics) or pcap")
    String fileFormat = "pcapng";

    @Option(names = "-b", paramLabel = "KEY:VALUE", description = "ring buffer as dumpcap's: filesize:KB, files:N, duration:SECONDS (repeatable; needs -w FILE)")
    java.util.List<String> ring = new java.util.ArrayList<>();

    @Option(names = "--analyze", description = "analyze live instead of printing frames: findings as they happen, a status line on a terminal, "
        + "the flows and expert summary at the end (-c, -a or Ctrl-C)")
    boolean analyze;

    @Option(names = "-T", paramLabel = "FORMAT", description = "with --analyze: text (default) or json (JSON Lines: each finding, then flows, expert, capture, check, probes)")
    String format;

    @Option(names = "--rules", paramLabel = "PACK.yaml", description = "a live gate (implies --analyze): check as 'check' does; a rule on a growing count (NAKs, REJs, CNPs ...) that fails stops the capture at once, the others are checked at the end; exit 1 when a rule fails (repeatable)")
    java.util.List<Path> rules = new java.util.ArrayList<>();

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "with --rules or --probe: also write JUnit XML, as 'check --junit' and 'probe --junit' (one file with both)")
    Path junit;

    @CommandLine.Mixin
    CaptureProbeOptions probes = new CaptureProbeOptions();

    @CommandLine.Mixin
    DecodeAsOptions decodeAs = new DecodeAsOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    RoceScope root;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        try {
            if (list) {
                StringBuilder sb = new StringBuilder();
                int n = 1;
                for (PcapNetworkInterface nif : Pcaps.findAllDevs()) {
                    sb.append(n++).append(". ").append(nif.getName()).append(LiveInterfaces.describe(nif)).append('\n');
                }
                root.stdout().write(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                root.stdout().flush();
                return RoceScope.EXIT_OK;
            }
            if (iface == null) throw new CommandLine.ParameterException(cl, "an interface is required (-i IFACE; -D lists them)");
            // the probes are checked before anything is opened: a mistake there needs no interface and no rights
            CaptureProbeOptions.Checked probing = probes.check(cl);
            PcapNetworkInterface nif = Pcaps.getDevByName(iface);
            if (nif == null) throw new CommandLine.ParameterException(cl, "no interface named '" + iface + "' (-D lists them)");
            boolean live = analyze || format != null || !rules.isEmpty() || probing != null;
            if (!fileFormat.equals("pcapng") && !fileFormat.equals("pcap")) throw new CommandLine.ParameterException(cl, "unknown file format '" + fileFormat + "' (pcapng, pcap)");
            if (format != null && !format.equals("text") && !format.equals("json")) throw new CommandLine.ParameterException(cl, "unknown output format '" + format + "' (text, json)");
            if (snaplen < 1) throw new CommandLine.ParameterException(cl, "-s must be at least 1");
            io.rocescope.cli.live.RingBuffer ringBuffer;
            try {
                ringBuffer = io.rocescope.cli.live.RingBuffer.parse(ring);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
            if (ringBuffer.rotates() && (write == null || "-".equals(write) || fileFormat.equals("pcap"))) {
                throw new CommandLine.ParameterException(cl, "a ring buffer (-b) needs -w FILE in pcapng");
            }
            if (live && "-".equals(write)) throw new CommandLine.ParameterException(cl, "--analyze prints to standard output: -w - cannot share it");
            if (junit != null && rules.isEmpty() && probing == null) throw new CommandLine.ParameterException(cl, "--junit needs --rules or --probe");
            java.util.List<io.rocescope.flow.rules.Rule> pack = null;
            if (!rules.isEmpty()) {
                try {
                    pack = LiveCapture.rules(rules);
                } catch (RuleFileException e) {
                    cl.getErr().println("rocescope: " + e.getMessage());
                    return RoceScope.EXIT_USAGE;
                }
            }
            var decode = decodeAs.decodeOptions(cl);
            PcapHandle opened;
            try {
                opened = nif.openLive(snaplen, noPromiscuous ? PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS
                    : PcapNetworkInterface.PromiscuousMode.PROMISCUOUS, 100);
            } catch (PcapNativeException e) {
                cl.getErr().println("rocescope: " + LiveInterfaces.openFailure(iface, e.getMessage()));
                return RoceScope.EXIT_USAGE;
            }
            try (PcapHandle handle = opened) {
                if (bpf != null) {
                    try {
                        handle.setFilter(bpf, BpfProgram.BpfCompileMode.OPTIMIZE);
                    } catch (PcapNativeException e) {
                        cl.getErr().println("rocescope: bad capture filter '" + bpf + "': " + LiveInterfaces.filterError(e.getMessage()));
                        return RoceScope.EXIT_USAGE;
                    }
                }
                if (live) {
                    CaptureProbes sending = null;
                    if (probing != null) {
                        try {
                            sending = CaptureProbes.open(probing, iface);
                        } catch (ProbeJob.SetupException e) {
                            cl.getErr().println("rocescope: " + e.getMessage());
                            return RoceScope.EXIT_USAGE;
                        }
                    }
                    try (CaptureProbes closing = sending) {
                        LiveCapture run = new LiveCapture(iface, handle, count, seconds, "json".equals(format), pack, junit, decode,
                            io.rocescope.flow.TrackerOptions.defaults(), root.stdout(), cl.getErr(), sending);
                        io.rocescope.cli.live.CaptureFiles files = write == null ? null : new io.rocescope.cli.live.CaptureFiles(write,
                            root.stdout(), ringBuffer, iface, nif.getDescription(), handle.getDlt().value(), snaplen, run::stats);
                        return run.run(files);
                    }
                }
                return loop(handle, cl, ringBuffer, nif);
            }
        } catch (PcapNativeException e) {
            cl.getErr().println("rocescope: " + LiveInterfaces.openFailure(iface, e.getMessage()));
            return RoceScope.EXIT_USAGE;
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            cl.getErr().println("rocescope: libpcap is not installed (apt-get install libpcap0.8)");
            return RoceScope.EXIT_USAGE;
        }
    }

    private int loop(PcapHandle handle, CommandLine cl, io.rocescope.cli.live.RingBuffer ringBuffer, PcapNetworkInterface nif) throws Exception {
        int linkType = handle.getDlt().value();
        FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());
        CaptureRecord rec = new CaptureRecord();
        LineSink sink = write == null ? new LineSink(root.stdout()) : null;
        LineBuffer line = new LineBuffer();
        boolean toStdout = "-".equals(write);
        // standard output is not ours to close: the pcap on it ends with the writer's last flush
        boolean pcap = fileFormat.equals("pcap");
        OutputStream file = write == null || !pcap ? null : toStdout ? new KeepOpenOutputStream(root.stdout()) : Files.newOutputStream(Path.of(write));
        PcapWriter writer = file == null ? null : new PcapWriter(file, linkType);
        // pcapng (the default, as dumpcap's): the interface's name and description, and libpcap's statistics at the end
        io.rocescope.cli.live.CaptureFiles ng = write == null || pcap ? null : new io.rocescope.cli.live.CaptureFiles(write, root.stdout(),
            ringBuffer, iface, nif.getDescription(), linkType, snaplen, () -> LiveInterfaces.stats(handle));
        long deadline = seconds < 0 ? Long.MAX_VALUE : System.nanoTime() + (long) (seconds * 1e9);
        long[] n = {0};
        // libpcap calls the listener from native code, where a thrown exception would be lost: a failed
        // write (a closed pipe: capture -w - | head -c 100) is kept, the loop broken, and it is thrown after
        IOException[] failed = {null};
        Thread stopper = new Thread(() -> {
            try {
                while (System.nanoTime() < deadline) Thread.sleep(50);
                handle.breakLoop();
            } catch (Exception ignored) {
                // interrupted: the capture ended first
            }
        }, "rocescope-capture-timer");
        stopper.setDaemon(true);
        stopper.start();
        try {
            handle.loop(count < 0 ? -1 : (int) count, (byte[] data) -> {
                Timestamp t = handle.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                try {
                    if (ng != null) {
                        ng.write(nanos, data, data.length, Math.max(data.length, handle.getOriginalLength()));
                    } else if (writer != null) {
                        writer.write(nanos, data, Math.max(data.length, handle.getOriginalLength()));
                        if (toStdout) writer.flush();   // a pipe's reader gets each frame as it comes
                    } else {
                        rec.data = data;
                        rec.capturedLength = data.length;
                        rec.originalLength = Math.max(data.length, handle.getOriginalLength());
                        rec.linkType = linkType;
                        rec.number = ++n[0];
                        rec.timestampNanos = nanos;
                        sink.emitNow(decoder.decode(rec), line);
                        root.stdout().flush();
                    }
                } catch (IOException e) {
                    if (failed[0] == null) failed[0] = e;
                    breakLoop(handle);
                }
            });
        } catch (InterruptedException e) {
            // breakLoop: the time limit
        } finally {
            stopper.interrupt();
            if (failed[0] == null) {
                if (sink != null) sink.end(n[0]);
                if (writer != null) writer.close();
                if (ng != null) ng.close();
            }
        }
        if (failed[0] != null) throw failed[0];
        String warning = LiveInterfaces.stats(handle).warning();
        if (warning != null) cl.getErr().println("rocescope: warning: " + warning);
        return RoceScope.EXIT_OK;
    }

    private static void breakLoop(PcapHandle handle) {
        try {
            handle.breakLoop();
        } catch (org.pcap4j.core.NotOpenException e) {
            // closed already: the loop is over
        }
    }

}
