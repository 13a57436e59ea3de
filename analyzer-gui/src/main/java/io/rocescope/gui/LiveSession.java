package io.rocescope.gui;

import io.rocescope.analysis.LiveAnalysis;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.encode.PcapWriter;
import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A live capture the window shows as it runs (Wireshark's way): libpcap's frames (pcap4j, as the CLI's
 * {@code capture}) are appended to a temporary pcap, each one indexed as it is written, so that the
 * packet list reads and decodes rows as for a file; and each goes to the same {@link LiveAnalysis} as
 * {@code capture --analyze}, whose reports the views show when the capture ends. The temporary file is
 * removed when the window opens another capture or closes.
 */
final class LiveSession {
    final String iface;
    final CaptureFile file;
    final LiveAnalysis analysis = new LiveAnalysis(new DecodeOptions(), TrackerOptions.defaults());
    private final PcapHandle handle;
    private final PcapWriter writer;
    private final OutputStream out;
    private final int linkType;
    private long offset = PcapFileLayout.FIXED_SIZE_HEADER;   // the first record follows the pcap file header
    private volatile IOException failed;
    private volatile boolean stopped;

    private LiveSession(String iface, PcapHandle handle, Path tmp, OutputStream out, PcapWriter writer) throws IOException {
        this.iface = iface;
        this.handle = handle;
        this.out = out;
        this.writer = writer;
        this.linkType = handle.getDlt().value();
        writer.flush();
        this.file = CaptureFile.growing(tmp, "live capture on " + iface);
    }

    /** Interfaces libpcap can capture on (Capture ▸ Start offers them), or the reason it cannot say. */
    static List<String> interfaces() throws IOException {
        try {
            List<String> names = new ArrayList<>();
            for (PcapNetworkInterface nif : Pcaps.findAllDevs()) names.add(nif.getName());
            return names;
        } catch (PcapNativeException e) {
            throw new IOException(e.getMessage(), e);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IOException("libpcap is not installed (apt-get install libpcap0.8)");
        }
    }

    /** Opens {@code iface}; a failure is an IOException of one line saying why. */
    static LiveSession open(String iface) throws IOException {
        PcapHandle h;
        try {
            PcapNetworkInterface nif = Pcaps.getDevByName(iface);
            if (nif == null) throw new IOException("no interface named '" + iface + "'");
            h = nif.openLive((int) PcapFileLayout.MAXIMUM_SNAPLEN, PcapNetworkInterface.PromiscuousMode.PROMISCUOUS, 100);
        } catch (PcapNativeException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            String lower = m.toLowerCase(Locale.ROOT);
            throw new IOException("capture on " + iface + (lower.contains("permission") || lower.contains("not permitted")
                ? " needs root or CAP_NET_RAW: " : " failed: ") + m, e);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IOException("libpcap is not installed (apt-get install libpcap0.8)");
        }
        Path tmp = Files.createTempFile("rocescope-live-", ".pcap");
        tmp.toFile().deleteOnExit();
        OutputStream os = Files.newOutputStream(tmp);
        try {
            return new LiveSession(iface, h, tmp, os, new PcapWriter(os, h.getDlt().value()));
        } catch (IOException | RuntimeException e) {
            h.close();
            os.close();
            throw e;
        }
    }

    /** The tracker's counts at its latest look ({@link LiveAnalysis#run}'s gate: FlowTracker.snapshot()); null before the first. */
    private volatile Reports.Analysis latest;

    Reports.Analysis latest() { return latest; }

    /**
     * Captures until {@link #stop}: libpcap's loop on a thread of its own, the analysis on another; when
     * both are done {@code ended} gets the analysis's reports (null when it failed; {@link #failure} says why).
     */
    void start(Consumer<Reports.Analysis> ended) {
        Thread capture = new Thread(this::loop, "rocescope-gui-capture");
        capture.setDaemon(true);
        Thread analyse = new Thread(() -> {
            Reports.Analysis a = null;
            try {
                // the gate is the tracker's own look at its counts so far (on its thread, at most every 200 ms
                // while frames come): the interim views show it instead of analysing the growing file again
                a = analysis.run(f -> { }, snapshot -> {
                    latest = snapshot;
                    return false;
                });
                capture.join();
            } catch (IOException e) {
                failed = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                // the window must leave "Capturing" whatever happened: the failure is shown, not lost
                failed = new IOException("live analysis failed: " + e, e);
            } finally {
                ended.accept(a);
            }
        }, "rocescope-gui-live-analysis");
        analyse.setDaemon(true);
        capture.start();
        analyse.start();
    }

    private void loop() {
        try {
            handle.loop(-1, (byte[] data) -> {
                Timestamp t = handle.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                long original = Math.max(data.length, handle.getOriginalLength());
                try {
                    writer.write(nanos, data, (int) Math.min(original, Integer.MAX_VALUE));
                    writer.flush();   // the packet list reads it back at once
                } catch (IOException e) {
                    failed = e;
                    stop();
                    return;
                }
                file.index.add(offset, nanos, (int) Math.min(original, PcapFileLayout.MASK_RECORD_ORIG_LEN));   // what orig_len can hold
                offset += PcapFileLayout.FIXED_SIZE_RECORD + data.length;   // record header, then the frame
                analysis.offer(nanos, data, data.length, original, linkType);
            });
        } catch (InterruptedException e) {
            // breakLoop: Capture ▸ Stop
        } catch (PcapNativeException | NotOpenException e) {
            if (!stopped) failed = new IOException("capture failed: " + e.getMessage(), e);
        } finally {
            try {
                writer.flush();
                out.close();   // the window reads the file through its own channel; an open one keeps its disk space
            } catch (IOException e) {
                if (failed == null) failed = e;
            }
            handle.close();
            analysis.end();
            file.grown();
        }
    }

    /** Ends the capture (from any thread); the analysis finishes what it has and reports. */
    void stop() {
        stopped = true;
        try {
            handle.breakLoop();
        } catch (NotOpenException e) {
            // closed already: the loop is over
        }
    }

    boolean stopped() { return stopped; }

    IOException failure() { return failed; }

    /** Frames captured so far, connections and findings the analysis made, frames it dropped. */
    String progress() {
        LiveAnalysis.Progress p = analysis.progress();
        return String.format(Locale.ROOT, "Capturing on %s: %,d frames, %,d analysed, %,d connection%s, %,d finding%s%s", iface,
            file.index.size(), p.analyzed(), p.connections(), p.connections() == 1 ? "" : "s", p.findings(), p.findings() == 1 ? "" : "s",
            p.queueDrops() > 0 ? ", " + p.queueDrops() + " dropped by the analysis" : "");
    }
}
