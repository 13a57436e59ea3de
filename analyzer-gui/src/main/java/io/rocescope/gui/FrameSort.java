package io.rocescope.gui;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.concurrent.CancellationException;

/**
 * Sorts frames by a key (a number or a column's text), ties in capture order, with bounded memory: keys
 * are gathered in runs of {@link #RUN} frames, each run sorted and, when there is more than one, written
 * to a temporary file; the runs are then merged into a {@link SpilledLongs}. A sort of 10 M frames holds
 * one run in memory, not 10 M keys.
 */
final class FrameSort {
    static final int RUN = 1 << 18;

    /** One frame and its key: {@code text} when sorting by text, else {@code number}. */
    record Keyed(int frame, long number, String text) {}

    private final boolean byText, descending;
    private final int run;
    private final Path directory;
    private final Comparator<Keyed> order;
    private final List<Keyed> buffer = new ArrayList<>();
    private Path runFile;
    private DataOutputStream runs;
    private final List<long[]> runBounds = new ArrayList<>();   // {start byte, records}
    private long written;

    FrameSort(boolean byText, boolean descending) { this(byText, descending, RUN, Path.of(System.getProperty("java.io.tmpdir"))); }

    FrameSort(boolean byText, boolean descending, int run, Path directory) {
        this.byText = byText;
        this.descending = descending;
        this.run = run;
        this.directory = directory;
        Comparator<Keyed> key = byText ? Comparator.comparing(Keyed::text) : Comparator.comparingLong(Keyed::number);
        if (descending) key = key.reversed();
        this.order = key.thenComparingInt(Keyed::frame);
    }

    void add(int frame, long number) { add(new Keyed(frame, number, null)); }

    void add(int frame, String text) { add(new Keyed(frame, 0, text)); }

    private void add(Keyed k) {
        buffer.add(k);
        if (buffer.size() == run) flushRun();
    }

    private void flushRun() {
        buffer.sort(order);
        try {
            if (runs == null) {
                Files.createDirectories(directory);
                runFile = Files.createTempFile(directory, "rocescope-sort-", ".bin");
                runs = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(runFile), 1 << 16));
            }
            runBounds.add(new long[] {written, buffer.size()});
            for (Keyed k : buffer) {
                runs.writeInt(k.frame());
                if (byText) {
                    byte[] b = k.text().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    runs.writeInt(b.length);
                    runs.write(b);
                    written += 8 + b.length;
                } else {
                    runs.writeLong(k.number());
                    written += 12;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("sorting: the temporary file: " + e.getMessage(), e);
        }
        buffer.clear();
    }

    /** The frames in order; stops with a CancellationException when {@code cancelled} says so. */
    SpilledLongs sorted(BooleanSupplier cancelled) {
        SpilledLongs out = new SpilledLongs();
        try {
            if (runs == null) {   // one run: sorted in memory
                buffer.sort(order);
                for (Keyed k : buffer) out.add(k.frame());
                buffer.clear();
                return out;
            }
            if (!buffer.isEmpty()) flushRun();
            runs.close();
            merge(out, cancelled);
            return out;
        } catch (IOException | RuntimeException e) {
            out.close();
            if (e instanceof IOException io) throw new UncheckedIOException("sorting: the temporary file: " + io.getMessage(), io);
            throw (RuntimeException) e;
        } finally {
            discard();
        }
    }

    private void merge(SpilledLongs out, BooleanSupplier cancelled) throws IOException {
        try (FileChannel ch = FileChannel.open(runFile, StandardOpenOption.READ)) {
            List<RunReader> readers = new ArrayList<>();
            for (long[] b : runBounds) readers.add(new RunReader(ch, b[0], b[1]));
            PriorityQueue<RunReader> heads = new PriorityQueue<>((x, y) -> order.compare(x.head, y.head));
            for (RunReader r : readers) if (r.advance()) heads.add(r);
            long n = 0;
            while (!heads.isEmpty()) {
                if ((++n & 65535) == 0 && cancelled.getAsBoolean()) throw new CancellationException();
                RunReader r = heads.poll();
                out.add(r.head.frame());
                if (r.advance()) heads.add(r);
            }
        }
    }

    /** Reads one run back, 64 KB at a time, at its own position in the shared file. */
    private final class RunReader {
        private final DataInputStream in;
        private long left;
        Keyed head;

        RunReader(FileChannel ch, long start, long records) {
            this.left = records;
            InputStream raw = new InputStream() {
                private long pos = start;
                private final java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);

                @Override
                public int read() throws IOException {
                    one.clear();
                    int n = read(one.array(), 0, 1);
                    return n < 0 ? -1 : one.get(0) & 0xFF;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = ch.read(java.nio.ByteBuffer.wrap(b, off, len), pos);
                    if (n > 0) pos += n;
                    return n;
                }
            };
            this.in = new DataInputStream(new BufferedInputStream(raw, 1 << 16));
        }

        boolean advance() throws IOException {
            if (left == 0) return false;
            left--;
            try {
                int frame = in.readInt();
                if (byText) {
                    byte[] b = new byte[in.readInt()];
                    in.readFully(b);
                    head = new Keyed(frame, 0, new String(b, java.nio.charset.StandardCharsets.UTF_8));
                } else {
                    head = new Keyed(frame, in.readLong(), null);
                }
            } catch (EOFException e) {
                throw new IOException("a sort run ends early", e);
            }
            return true;
        }
    }

    /** Drops the runs (memory and file); a sort given up calls it too. */
    void discard() {
        buffer.clear();
        try {
            if (runs != null) runs.close();
            if (runFile != null) Files.deleteIfExists(runFile);
        } catch (IOException e) {
            // a temporary file that cannot be removed: left in the temporary folder (one per sort at most)
        }
        runs = null;
        runFile = null;
    }

    /** Frames gathered so far in memory (bounded by the run size). */
    int buffered() { return buffer.size(); }
}
