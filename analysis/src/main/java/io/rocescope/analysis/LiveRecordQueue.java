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

    /** Waits for a frame or the end; null at the end with nothing left. */
    private synchronized CaptureRecord take() throws IOException {
        while (waiting.isEmpty() && !ended) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for frames", e);
            }
        }
        return poll();
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
