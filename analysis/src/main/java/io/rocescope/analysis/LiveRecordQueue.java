package io.rocescope.analysis;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.capture.RecordBatch;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The frames a live capture has handed over and the analysis has not yet read, as a {@link CaptureReader}
 * the decoding pipeline reads like a file: a batch is whatever has arrived (at least one frame; the read
 * waits for it), and the end is {@link #end}. Bounded in frames and bytes; beyond that frames are dropped
 * and counted, never queued without bound.
 */
final class LiveRecordQueue implements CaptureReader {
    static final int MAX_FRAMES = 100_000;
    static final long MAX_BYTES = 64L << 20;

    private final ArrayDeque<CaptureRecord> waiting = new ArrayDeque<>();
    private long bytes, offered, dropped, number;
    private boolean ended;
    /** What the analysis thread runs if no frame has come by {@link #idleAtNanos} (null: nothing). */
    private Runnable idle;
    private long idleAtNanos;

    synchronized boolean offer(long timestampNanos, byte[] data, int capturedLength, long originalLength, int linkType) {
        if (ended) return false;
        offered++;
        if (waiting.size() >= MAX_FRAMES || bytes + capturedLength > MAX_BYTES) {
            dropped++;
            return false;
        }
        waiting.add(LiveAnalysis.record(++number, timestampNanos, data, capturedLength, originalLength, linkType));
        bytes += capturedLength;
        notifyAll();
        return true;
    }

    synchronized void end() {
        ended = true;
        notifyAll();
    }

    synchronized long offered() { return offered; }

    synchronized long dropped() { return dropped; }

    /**
     * From the analysis thread, between batches: when no frame has arrived by {@code atNanos}
     * ({@link System#nanoTime}), the wait for the next one runs {@code then} on the analysis thread, once.
     * A null {@code then} cancels. This is how a look that is due still happens when the link goes quiet:
     * the analysis thread is otherwise only woken by frames.
     */
    synchronized void whenIdle(long atNanos, Runnable then) {
        idle = then;
        idleAtNanos = atNanos;
    }

    /** Waits for a frame or the end, running a due {@link #whenIdle} task meanwhile; null at the end with nothing left. */
    private CaptureRecord take() throws IOException {
        while (true) {
            Runnable due;
            synchronized (this) {
                try {
                    while (waiting.isEmpty() && !ended) {
                        if (idle == null) {
                            wait();
                            continue;
                        }
                        long left = idleAtNanos - System.nanoTime();
                        if (left <= 0) break;
                        wait(left / 1_000_000, (int) (left % 1_000_000));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for frames", e);
                }
                if (!waiting.isEmpty() || ended) return poll();
                due = idle;
                idle = null;
            }
            due.run();   // outside the lock: the capture thread goes on offering meanwhile
        }
    }

    private synchronized CaptureRecord poll() {
        CaptureRecord r = waiting.poll();
        if (r != null) bytes -= r.capturedLength;
        return r;
    }

    @Override
    public boolean next(CaptureRecord rec) throws IOException {
        CaptureRecord r = take();
        if (r == null) return false;
        rec.number = r.number;
        rec.timestampNanos = r.timestampNanos;
        rec.capturedLength = r.capturedLength;
        rec.originalLength = r.originalLength;
        rec.linkType = r.linkType;
        rec.interfaceId = 0;
        rec.data = r.data;
        return true;
    }

    @Override
    public int nextBatch(RecordBatch batch, long max) throws IOException {
        batch.clear();
        CaptureRecord r = take();
        if (r == null) return 0;
        batch.append(r);
        int n = 1;
        synchronized (this) {
            // and whatever else has arrived, as far as it fits: the rest is the next batch's
            while (n < max) {
                CaptureRecord next = waiting.peek();
                if (next == null || !batch.append(next)) break;
                poll();
                n++;
            }
        }
        return n;
    }

    @Override public String format() { return "live"; }

    @Override public List<String> warnings() { return List.of(); }

    @Override public void close() {}
}
