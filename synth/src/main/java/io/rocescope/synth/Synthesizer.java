package io.rocescope.synth;

import io.rocescope.dissector.encode.PcapWriter;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;


/** Entry point of the scenario synthesizer. */
public final class Synthesizer {
    private Synthesizer() {}

    public static Set<String> scenarios() { return Scenarios.ALL.keySet(); }

    /**
     * The first QPN of the upper half of the BTH's 24-bit QP space, where distinct-qps numbers its QPs, one a
     * connection; so the most connections --qps may ask for, up to QPN 0xFFFFFE (0xFFFFFF is multicast's).
     */
    public static final int HIGH_QPN = (int) Long.highestOneBit(IbTransportLayout.MASK_BTH_DEST_QP), MAX_QPS = HIGH_QPN - 1;

    /** Writes scenario {@code name} to {@code out} and returns its ground truth. */
    public static Truth write(String name, Path out, long seed, long packets, double linkGbps) throws IOException {
        return write(name, out, seed, packets, linkGbps, 1024);
    }

    public static Truth write(String name, Path out, long seed, long packets, double linkGbps, int mtu) throws IOException {
        try (OutputStream os = Files.newOutputStream(out)) {
            return write(name, os, seed, packets, linkGbps, mtu, 0);
        }
    }

    /**
     * Writes scenario {@code name} to a stream (flushed, not closed); {@code qps} connections where the
     * scenario takes a number of them (many-qps, bulk, distinct-qps), 0 for its own default.
     */
    public static Truth write(String name, OutputStream out, long seed, long packets, double linkGbps, int mtu, int qps) throws IOException {
        if (CmNames.mtuCode(mtu) < 0) throw new IllegalArgumentException("MTU must be " + CmNames.pathMtuList());
        // the writer's close flushes its buffer; the stream itself stays open (standard output)
        OutputStream keepOpen = new io.rocescope.dissector.util.KeepOpenOutputStream(out);
        try (PcapWriter w = new PcapWriter(keepOpen)) {
            Synth s = new Synth(w, seed, linkGbps);
            s.mtu = mtu;
            s.qps = qps;
            s.truth.scenario = name;
            Scenarios.ALL.get(name).run(s, packets);
            return s.truth;
        }
    }
}
