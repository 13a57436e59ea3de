package io.rocescope.fleet;

import io.rocescope.dissector.capture.CaptureSplits;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How many tasks decode each capture (the driver decides, before the job): a capture larger than the split
 * size is cut into ⌈size / split size⌉ splits of about equal size, where it can be (an uncompressed pcap or
 * pcapng regular file); anything else is one task, with a note when it would have been split.
 */
final class SplitPlan {
    /** Without --split-size: a capture up to 256 MB is one task, a larger one is cut into 256 MB splits. */
    static final long DEFAULT_SPLIT_SIZE = 256L << 20;
    /** More splits than this would cost more in scheduling than they gain. */
    static final int MAX_SPLITS = 10_000;

    private final List<Integer> splits = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private SplitPlan() {}

    /** Each capture's split count, in input order; {@code splitSize} 0: none is split. */
    static SplitPlan of(List<CaptureInput> inputs, long splitSize) {
        SplitPlan p = new SplitPlan();
        for (CaptureInput in : inputs) p.splits.add(p.count(in, splitSize));
        return p;
    }

    private int count(CaptureInput in, long splitSize) {
        if (splitSize <= 0 || in.sizeBytes() <= splitSize) return 1;
        String why;
        try {
            why = CaptureSplits.unsplittable(in.path());
        } catch (IOException e) {
            why = "unreadable (" + e.getMessage() + ")";
        }
        if (why != null) {
            notes.add(String.format(Locale.ROOT, "%s: %s, read in one task (only an uncompressed pcap or pcapng file can be split)", in.path(), why));
            return 1;
        }
        return (int) Math.min(MAX_SPLITS, (in.sizeBytes() + splitSize - 1) / splitSize);
    }

    int splits(int capture) { return splits.get(capture); }

    boolean anySplit() { return splits.stream().anyMatch(n -> n > 1); }

    /** The units of work: a capture's splits, or the capture whole. */
    List<SplitSpec> specs(List<CaptureInput> inputs) {
        List<SplitSpec> out = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            for (int k = 0; k < splits.get(i); k++) out.add(new SplitSpec(i, inputs.get(i), k, splits.get(i)));
        }
        return out;
    }

    List<String> notes() { return notes; }

    /** A size as --split-size takes it: bytes, or with k, m, g (powers of 1024); 0 or "none": no splitting. */
    static long parseSize(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        if (t.equals("none")) return 0;
        long unit = 1;
        if (t.endsWith("b")) t = t.substring(0, t.length() - 1);
        if (t.endsWith("k")) unit = 1L << 10;
        else if (t.endsWith("m")) unit = 1L << 20;
        else if (t.endsWith("g")) unit = 1L << 30;
        if (unit > 1) t = t.substring(0, t.length() - 1);
        long n;
        try {
            n = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--split-size " + s + ": expected a size such as 64m, 1g, 500000 or none");
        }
        if (n < 0 || n > Long.MAX_VALUE / unit) throw new IllegalArgumentException("--split-size " + s + ": out of range");
        return n * unit;
    }
}
