package io.rocescope.cli.report;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.encode.PcapFileWriter;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --evidence DIR}: a pcap per listed finding (the frames it names and the runs it spans, each with
 * {@link #CONTEXT} frames either side) and per connection (its packets and its set-up frames), written in
 * the evidence pass as the frames go by and hashed as they are written. Each extract is opened at its first
 * frame and closed after its last, so few are open at once; each keeps a small buffer.
 */
public final class EvidenceExtracts implements EvidenceScanner.FrameVisitor {
    static final int CONTEXT = 5, MAX_RUN = 200, MAX_FINDINGS = 200;

    /** One file written: what it holds, its name in DIR, frames and SHA-256 (known once the pass is over). */
    static final class Extract {
        final String kind, what, file;
        final Integer connection, findingIndex;
        /** Frame intervals [from, to], sorted, merged (findings), or null for a connection's own frames. */
        final List<long[]> intervals;
        final Set<PsnSeries.Key> flows;
        final Set<Long> extraFrames;
        final long first, last;
        Writer out;
        long frames;
        String sha256;
        boolean done;

        Extract(String kind, String what, String file, Integer connection, Integer findingIndex, List<long[]> intervals,
                Set<PsnSeries.Key> flows, Set<Long> extraFrames, long first, long last) {
            this.kind = kind; this.what = what; this.file = file; this.connection = connection; this.findingIndex = findingIndex;
            this.intervals = intervals; this.flows = flows; this.extraFrames = extraFrames; this.first = first; this.last = last;
        }

        boolean wants(long frame, PsnSeries.Key key) {
            if (intervals != null) {
                for (long[] r : intervals) if (frame >= r[0] && frame <= r[1]) return true;
                return false;
            }
            return (key != null && flows.contains(key)) || extraFrames.contains(frame);
        }
    }

    private final Path dir;
    private final String prefix;
    final List<Extract> extracts = new ArrayList<>();
    private final Reports.Analysis analysis;
    private final List<String> problems = new ArrayList<>();
    /** Timestamps of the findings' first frames (for the JSON Lines). */
    final Map<Long, Long> timeOf = new LinkedHashMap<>();
    private final Set<Long> wantedTimes = new HashSet<>();

    EvidenceExtracts(Path dir, String prefix, Reports.Analysis a) {
        this.dir = dir;
        this.prefix = prefix;
        this.analysis = a;
        List<Finding> findings = a.findings();
        for (int i = 0; i < findings.size() && i < MAX_FINDINGS; i++) {
            Finding f = findings.get(i);
            if (!f.frames().isEmpty()) wantedTimes.add(f.frames().get(0));
            List<long[]> iv = new ArrayList<>();
            for (Finding.FrameRange r : f.frameRanges()) {
                iv.add(new long[] {Math.max(1, r.first() - CONTEXT), Math.min(r.last(), r.first() + MAX_RUN) + CONTEXT});
                if (r.last() > r.first() + MAX_RUN) iv.add(new long[] {Math.max(1, r.last() - CONTEXT), r.last() + CONTEXT});
            }
            if (f.causedBy() != null && f.causedBy().frame() > 0) {
                iv.add(new long[] {Math.max(1, f.causedBy().frame() - CONTEXT), f.causedBy().frame() + CONTEXT});
            }
            iv = merge(iv);
            if (iv.isEmpty()) continue;
            extracts.add(new Extract("finding", f.kind(), String.format("%sfinding-%04d-%s.pcap", prefix, i, f.kind().replaceAll("[^A-Za-z0-9._-]", "_")),
                null, i, iv, null, null, iv.get(0)[0], iv.get(iv.size() - 1)[1]));
        }
        for (int i = 0; i < a.connections().size() && i < ReportModel.MAX_CHARTED; i++) {
            Reports.ConnectionReport c = a.connections().get(i);
            Set<PsnSeries.Key> keys = new HashSet<>(PsnSeries.keys(List.of(c)));
            Set<Long> setup = new HashSet<>();
            long first = Long.MAX_VALUE, last = 0;
            for (var e : c.timeline()) { setup.add(e.frame()); first = Math.min(first, e.frame()); last = Math.max(last, e.frame()); }
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
                if (f == null) continue;
                first = Math.min(first, f.firstFrame());
                last = Math.max(last, f.lastFrame());
            }
            if (first == Long.MAX_VALUE) continue;
            extracts.add(new Extract("connection", "connection " + c.id(), String.format("%sconnection-%d.pcap", prefix, c.id()), c.id(), null,
                null, keys, setup, first, last));
        }
    }

    private static List<long[]> merge(List<long[]> iv) {
        iv.sort((x, y) -> Long.compare(x[0], y[0]));
        List<long[]> out = new ArrayList<>();
        for (long[] r : iv) {
            if (!out.isEmpty() && r[0] <= out.get(out.size() - 1)[1] + 1) out.get(out.size() - 1)[1] = Math.max(out.get(out.size() - 1)[1], r[1]);
            else out.add(r.clone());
        }
        return out;
    }

    @Override
    public void frame(DecodedFrame f) throws IOException {
        long n = f.number();
        if (wantedTimes.contains(n)) timeOf.put(n, f.timestampNanos());
        PsnSeries.Key key = null;
        for (Extract x : extracts) {
            if (x.done || n < x.first) continue;
            if (n > x.last) { finish(x); continue; }
            if (x.intervals == null && key == null && f.isRoce() && f.ib() != null) {
                key = new PsnSeries.Key(Addresses.source(f), Addresses.destination(f), f.ib().destQp());
            }
            if (!x.wants(n, key)) continue;
            if (x.out == null) x.out = new Writer(dir.resolve(x.file), f.linkType());
            if (f.linkType() != x.out.linkType) {
                problems.add(x.file + ": frame " + n + " has link type " + f.linkType() + ", the extract " + x.out.linkType + "; left out");
                continue;
            }
            x.out.write(f.timestampNanos(), f.data(), f.capturedLength(), f.originalLength());
            x.frames++;
        }
    }

    /** Closes every extract still open (the capture ended before their last frame). */
    public void close() throws IOException {
        for (Extract x : extracts) finish(x);
    }

    private void finish(Extract x) throws IOException {
        if (x.done) return;
        x.done = true;
        if (x.out == null) x.out = new Writer(dir.resolve(x.file), 1);   // no frame came: an empty pcap, still listed
        x.sha256 = x.out.close();
    }

    List<String> problems() { return problems; }

    /** This file's findings as JSON Lines (see {@link FindingLines}), each naming its extract. */
    public void writeLines(OutputStream out, Evidence e) throws IOException {
        Map<Integer, String> extractOf = new java.util.HashMap<>();
        for (Extract x : extracts) if (x.findingIndex != null) extractOf.put(x.findingIndex, x.file);
        FindingLines.write(out, e, analysis, timeOf, extractOf);
    }

    /**
     * A classic pcap with nanosecond timestamps (dissect -w's writer), hashed as it is written; a small buffer
     * (many may be open).
     */
    static final class Writer {
        final int linkType;
        private final PcapFileWriter out;
        private final MessageDigest sha256;

        Writer(Path file, int linkType) throws IOException {
            this.linkType = linkType;
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            out = new PcapFileWriter(new DigestOutputStream(Files.newOutputStream(file), sha256), true, 16 << 10);
        }

        void write(long ts, byte[] data, int captured, long original) throws IOException {
            out.write(ts, data, captured, Math.max(captured, original), linkType, 0);
        }

        String close() throws IOException {
            out.close();
            return HexFormat.of().formatHex(sha256.digest());
        }
    }
}
