package io.rocescope.flow;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * The per-connection part of tracking on several threads: each RoCE data packet of a flow the table already
 * has is tracked ({@link FlowTracker#perFlow}: counts, fabric profile, transport) by the shard that owns its
 * connection (number modulo the shards: both directions and the connection's state on one thread), while the
 * router (the caller's thread) goes on with the next frames. Everything else stays on the router, after
 * {@link #sync}: the shards finish what they were given, and their logs ({@link ShardLog}: findings, access NAKs,
 * capture loss, priority-table marks) are applied in the router's order. So the router finds every connection as one
 * tracker would have left it, and what all connections share ends as one tracker's. The event budget is lent to
 * each shard and settled at each sync; when the shards together kept more events than one budget would have,
 * {@link ShardFallback} says the results may differ (the caller tracks again on one thread).
 * <p>
 * Memory is bounded: a shard holds at most {@link #BATCHES} batches of {@link #BATCH} packets (made as needed; the
 * router waits for a free one), and a shard whose log reaches {@link #LOG_SYNC} changes or which kept
 * {@link #EVENTS_SYNC} events since the last sync asks for one, which the router makes at its next hand-over (a sync
 * changes no result), so a log holds at most that plus what the batches in flight add.
 */
final class TrackerShards {
    static final int BATCH = 512, BATCHES = 8;
    static final int LOG_SYNC = 1 << 16;
    static final long EVENTS_SYNC = 1 << 16;
    private final Shard[] shards;
    private final Findings findings;
    private final EventBudget events;
    private boolean closed;
    /** The router's count of the packets it handed over: their order, which the logs are merged by. */
    private long handedOver;

    TrackerShards(int n, Findings findings, CaptureWide direct, CaptureIntegrity integrity, FabricWatch watch, EventBudget events) {
        this.findings = findings;
        this.events = events;
        shards = new Shard[n];
        for (int i = 0; i < n; i++) {
            shards[i] = new Shard(i, findings, direct, integrity, watch);
            events.lend(shards[i].events);
            shards[i].thread.start();
        }
    }

    /** Tracks {@code v} (copied now) of {@code flow}, whose connection the table has, on its connection's shard. */
    void dispatch(Flow flow, PacketView v) {
        Shard s = shards[flow.connection.id % shards.length];
        if (s.current == null) s.current = s.take();
        Batch b = s.current;
        b.flows[b.size] = flow;
        b.order[b.size] = ++handedOver;
        b.views[b.size].copyFrom(v);
        if (++b.size == BATCH) {
            s.full.add(b);
            s.current = null;
            if (s.wantsSync) sync();
        }
    }

    /** Waits until every shard has tracked what it was given, then applies their logs in the router's order. */
    void sync() {
        if (closed) throw new IllegalStateException("the tracker's shards are stopped");
        for (Shard s : shards) {
            if (s.current != null) {
                s.full.add(s.current);
                s.current = null;
            }
            s.full.add(SYNC);
        }
        for (Shard s : shards) s.synced.acquireUninterruptibly();
        for (Shard s : shards) {
            if (s.failure != null) throw new IllegalStateException("a tracker shard failed: " + s.failure, s.failure);
        }
        ShardLog[] logs = new ShardLog[shards.length];
        for (int i = 0; i < shards.length; i++) logs[i] = shards[i].log;
        ShardLog.merge(logs);
        boolean exact = true;
        for (Shard s : shards) {
            s.findings.clear();
            exact &= events.spend(s.events);
        }
        for (Shard s : shards) {
            events.lend(s.events);
            s.wantsSync = false;
        }
        if (!exact) throw new ShardFallback("the connections' event logs kept more than their budget between two syncs");
    }

    /** Stops the shards' threads (after {@link #sync}, or when tracking is abandoned). */
    void close() {
        if (closed) return;
        closed = true;
        for (Shard s : shards) s.full.add(STOP);
        for (Shard s : shards) {
            try {
                s.thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static final Batch SYNC = new Batch(0), STOP = new Batch(0);

    /** Packets for one shard, in frame order, with their places in the router's order; the views are the shard's own copies. */
    private static final class Batch {
        final Flow[] flows;
        final long[] order;
        final PacketView[] views;
        int size;

        Batch(int n) {
            flows = new Flow[n];
            order = new long[n];
            views = new PacketView[n];
            for (int i = 0; i < n; i++) views[i] = new PacketView();
        }
    }

    /** One thread tracking the packets of the connections it owns. */
    private static final class Shard implements Runnable {
        final ShardLog log;
        final ShardFindings findings;
        final EventBudget events = new EventBudget(0);
        final TransportTracker transport;
        final FabricWatch watch;
        final BlockingQueue<Batch> full = new LinkedBlockingQueue<>();
        final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
        final Semaphore synced = new Semaphore(0);
        final Thread thread;
        /** The batch the router is filling, and how many batches there are (the router's alone). */
        Batch current;
        int batches;
        /** What stopped this shard's tracking; reported at the next sync. */
        volatile Throwable failure;
        /** The shard's log or its events since the last sync reached their limit: the router syncs soon. */
        volatile boolean wantsSync;

        Shard(int i, Findings capture, CaptureWide direct, CaptureIntegrity integrity, FabricWatch watch) {
            this.log = new ShardLog(direct, integrity);
            this.findings = new ShardFindings(capture, log);
            this.transport = new TransportTracker(findings, log, events);
            this.watch = watch;
            thread = new Thread(this, "rocescope-tracker-shard-" + (i + 1));
            thread.setDaemon(true);
        }

        Batch take() {
            Batch b = free.poll();
            if (b != null) return b;
            if (batches < BATCHES) {
                batches++;
                return new Batch(BATCH);
            }
            try {
                return free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a tracker shard", e);
            }
        }

        @Override
        public void run() {
            while (true) {
                Batch b;
                try {
                    b = full.take();
                } catch (InterruptedException e) {
                    // nothing interrupts a shard; if something does, the router still gets its syncs answered
                    if (failure == null) failure = e;
                    continue;
                }
                if (b == STOP) return;
                if (b == SYNC) {
                    synced.release();
                    continue;
                }
                try {
                    if (failure == null) {
                        for (int i = 0; i < b.size; i++) {
                            log.order = b.order[i];
                            FlowTracker.perFlow(b.flows[i], b.views[i], watch, transport, log);
                        }
                        if (log.size() >= LOG_SYNC || events.spent() >= EVENTS_SYNC) wantsSync = true;
                    }
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
                java.util.Arrays.fill(b.flows, 0, b.size, null);
                b.size = 0;
                free.add(b);
            }
        }
    }
}
