package io.rocescope.cli;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.PcapWriter;
import io.rocescope.dissector.field.FieldInterest;
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
        "Frames are printed like 'dissect', or written to a pcap with -w."})
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

    @Option(names = "-s", paramLabel = "SNAPLEN", description = "bytes kept per frame (default 262144)")
    int snaplen = 262144;

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
                    sb.append(n++).append(". ").append(nif.getName())
                        .append(nif.getDescription() == null ? "" : " (" + nif.getDescription() + ")").append('\n');
                }
                root.stdout().write(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                root.stdout().flush();
                return RoceScope.EXIT_OK;
            }
            if (iface == null) throw new CommandLine.ParameterException(cl, "an interface is required (-i IFACE; -D lists them)");
            PcapNetworkInterface nif = Pcaps.getDevByName(iface);
            if (nif == null) throw new CommandLine.ParameterException(cl, "no interface named '" + iface + "' (-D lists them)");
            try (PcapHandle handle = nif.openLive(snaplen, PcapNetworkInterface.PromiscuousMode.PROMISCUOUS, 100)) {
                if (bpf != null) handle.setFilter(bpf, BpfProgram.BpfCompileMode.OPTIMIZE);
                return loop(handle, cl);
            }
        } catch (PcapNativeException e) {
            cl.getErr().println("rocescope: capture on " + iface + " failed: " + e.getMessage()
                + " (live capture needs root or CAP_NET_RAW, and Debian's libpcap0.8)");
            return RoceScope.EXIT_USAGE;
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            cl.getErr().println("rocescope: libpcap is not installed (apt-get install libpcap0.8)");
            return RoceScope.EXIT_USAGE;
        }
    }

    private int loop(PcapHandle handle, CommandLine cl) throws Exception {
        int linkType = handle.getDlt().value();
        FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());
        CaptureRecord rec = new CaptureRecord();
        LineSink sink = write == null ? new LineSink(root.stdout()) : null;
        LineBuffer line = new LineBuffer();
        boolean toStdout = "-".equals(write);
        // standard output is not ours to close: the pcap on it ends with the writer's last flush
        OutputStream file = write == null ? null : toStdout ? new KeepOpenOutputStream(root.stdout()) : Files.newOutputStream(Path.of(write));
        PcapWriter writer = file == null ? null : new PcapWriter(file, linkType);
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
                    if (writer != null) {
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
            }
        }
        if (failed[0] != null) throw failed[0];
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
