package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.capture.RecordBatch;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes a capture on several threads and hands the results over in capture order.
 *
 * <p>The caller's thread reads records into batches; worker threads each take a whole batch, decode
 * its frames with their own {@link FrameDecoder#stateless() stateless} decoder and run the job's
 * {@link FrameJob#frame} on them; the caller's thread then emits finished batches in order. A batch
 * stays on one core from decode to output (the bytes are decoded and formatted while in its cache),
 * and no frame object crosses threads. The few frames whose decoding depends on earlier ones
 * (perftest's TCP exchange) are decoded again on the caller's thread, in order, by a stateful
 * decoder, and their output is put between that of the frames around them. The result is the same
 * as one decoder's, whatever the number of threads: a test checks it on every capture.
 *
 * <p>Memory is bounded: at most {@code 2 × threads + 1} batches of {@code batchSize} records. A batch of a
 * mapped file is a view of its window, which stays mapped until the batch is read into again, after its
 * output was handed over: never while a worker decodes it ({@link RecordBatch}).
 * With {@code threads == 0} everything runs on the caller's thread.
 */
public final class FramePipeline {
    /** Records per batch: large enough that handing over a batch costs little, small enough to stay in cache. */
    public static final int DEFAULT_BATCH = 512;

    private final DecodeOptions options;
    private final FieldInterest interest;
    private final int threads;
    private final int batchSize;

    public FramePipeline(DecodeOptions options, FieldInterest interest, int threads, int batchSize) {
        if (threads < 0) throw new IllegalArgumentException("threads < 0");
        if (batchSize < 1) throw new IllegalArgumentException("batch size < 1");
        this.options = options;
        this.interest = interest;
        this.threads = threads;
        this.batchSize = batchSize;
    }

    /**
     * Worker threads for this machine: one per core when the caller's thread only reads and writes
     * (its share is small), one per core but one when it also has work of its own in order (the flow
     * tracker): measured best on 2 cores both ways. None on one core.
     */
    public static int defaultThreads(boolean callerBusy) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores <= 1) return 0;
        return Math.min(callerBusy ? cores - 1 : cores, 16);
    }

    /**
     * Reads up to {@code limit} frames (all when negative) and runs the job on them. Returns how many
     * frames were read. A RuntimeException thrown by the job on a worker is rethrown here.
     */
    public <O> long run(CaptureReader reader, long limit, FrameJob<O> job) throws IOException {
        // a field that depends on the frames before (frame.time_delta, tcp.stream …) needs one decoder, in order
        return threads == 0 || interest.needsOrder() ? runHere(reader, limit, job) : new Run<>(reader, limit, job).go();
    }

    /** Everything on the caller's thread, batch by batch too (one read, no per-record call into the input). */
    private <O> long runHere(CaptureReader reader, long limit, FrameJob<O> job) throws IOException {
        BatchDecoder here = new BatchDecoder(new FrameDecoder(options, interest));
        if (reader.referenceTimestampNanos() != Long.MIN_VALUE) here.decoder.firstTimestamp(reader.referenceTimestampNanos());
        Slot<O> s = new Slot<>(batchSize, job.newOutput());
        long frames = 0;
        int n;
        try {
            while ((n = reader.nextBatch(s.records, wanted(limit, frames))) > 0) {
                here.decode(s, job);   // a stateful decoder: no frame is left to decode in order
                job.emit(s.out, s.marks[0], s.marks[n]);
                frames += n;
            }
        } finally {
            s.records.clear();   // lets go of the mapped window it looked into
        }
        return frames;
    }

    /** Records to ask for in the next batch. */
    private long wanted(long limit, long frames) {
        return limit < 0 ? batchSize : Math.min(batchSize, limit - frames);
    }

    /** Decodes batches into their output: each worker's, with a stateless decoder, or the caller's when alone. */
    private static final class BatchDecoder {
        final FrameDecoder decoder;
        final CaptureRecord rec = new CaptureRecord();
        /** The array a batch is copied into. */
        byte[] heap;

        BatchDecoder(FrameDecoder decoder) { this.decoder = decoder; }

        <O> void decode(Slot<O> s, FrameJob<O> job) {
            job.clear(s.out);
            s.anySequential = false;
            int size = s.records.size();
            heap = s.records.toHeap(heap);   // here, so that the bytes come into this core's cache
            for (int i = 0; i < size; i++) {
                s.marks[i] = job.mark(s.out);
                s.records.copyTo(i, heap, rec);
                DecodedFrame f = decoder.decode(rec);
                s.sequential[i] = f.needsSequentialDecode();
                if (s.sequential[i]) s.anySequential = true;
                else job.frameOrMalformed(f, s.out);
            }
            s.marks[size] = job.mark(s.out);
        }
    }

    /** One batch: its records, its output, and where each record's output starts. */
    private static final class Slot<O> {
        final RecordBatch records = new RecordBatch();
        final O out;
        /** marks[i]: output start of record i; marks[size]: the end. */
        final int[] marks;
        /** Records a stateless decoder could not decode alone. */
        final boolean[] sequential;
        boolean anySequential;
        Future<?> done;

        Slot(int capacity, O out) {
            this.out = out;
            marks = new int[capacity + 1];
            sequential = new boolean[capacity];
        }
    }

    private final class Run<O> {
        private final CaptureReader reader;
        private final long limit;
        private final FrameJob<O> job;
        private final ExecutorService pool;
        private final ThreadLocal<BatchDecoder> workers =
            ThreadLocal.withInitial(() -> new BatchDecoder(FrameDecoder.stateless(options, interest)));
        private final CaptureRecord inOrderRecord = new CaptureRecord();
        private final ArrayDeque<Slot<O>> free = new ArrayDeque<>(), inFlight = new ArrayDeque<>();
        private final FrameDecoder inOrder = new FrameDecoder(options, interest);
        private final O scratch;
        private long firstTimestamp = Long.MIN_VALUE;

        Run(CaptureReader reader, long limit, FrameJob<O> job) {
            this.reader = reader;
            this.limit = limit;
            this.job = job;
            this.scratch = job.newOutput();
            AtomicInteger n = new AtomicInteger();
            this.pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "rocescope-decode-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            for (int i = 0; i < 2 * threads + 1; i++) free.add(new Slot<>(batchSize, job.newOutput()));
        }

        long go() throws IOException {
            long frames = 0;
            IOException failure = null;
            try {
                boolean more = true;
                while (more && failure == null) {
                    Slot<O> s = free.poll();
                    if (s == null) {
                        emit(inFlight.poll());
                        continue;
                    }
                    int n = 0;
                    try {
                        n = reader.nextBatch(s.records, wanted(limit, frames));
                    } catch (IOException e) {
                        failure = e;   // a read error: what was read before it is still decoded and handed over
                    }
                    frames += n;
                    more = n > 0;
                    if (n == 0) { free.add(s); break; }
                    if (firstTimestamp == Long.MIN_VALUE) {
                        long reference = reader.referenceTimestampNanos();
                        firstTimestamp = reference != Long.MIN_VALUE ? reference : s.records.timestampNanos(0);
                        inOrder.firstTimestamp(firstTimestamp);
                    }
                    long first = firstTimestamp;
                    s.done = pool.submit(() -> work(s, first));
                    inFlight.add(s);
                }
                while (!inFlight.isEmpty()) emit(inFlight.poll());
            } finally {
                pool.shutdownNow();
                // the batches no worker holds let go of their mapped windows; one still being decoded (a failure
                // cut the run short) keeps its window until the collector frees it: unmapping it could crash the worker
                for (Slot<O> s : free) s.records.clear();
            }
            if (failure != null) throw failure;
            return frames;
        }

        /** On a worker: decode a batch and turn its frames into output. */
        private void work(Slot<O> s, long firstTimestamp) {
            BatchDecoder w = workers.get();
            w.decoder.firstTimestamp(firstTimestamp);
            w.decode(s, job);
        }

        /** On the caller: wait for a batch, hand its output over in order, recycle it. */
        private void emit(Slot<O> s) throws IOException {
            try {
                s.done.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while decoding", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                if (e.getCause() instanceof Error err) throw err;
                throw new IOException(e.getCause());
            }
            int size = s.records.size();
            if (!s.anySequential) {
                job.emit(s.out, s.marks[0], s.marks[size]);
            } else {
                int runStart = 0;
                for (int i = 0; i < size; i++) {
                    if (!s.sequential[i]) continue;
                    job.emit(s.out, s.marks[runStart], s.marks[i]);
                    s.records.copyTo(i, inOrderRecord);
                    job.emitNow(inOrder.decode(inOrderRecord), scratch);
                    runStart = i + 1;
                }
                job.emit(s.out, s.marks[runStart], s.marks[size]);
            }
            free.add(s);
        }
    }
}
