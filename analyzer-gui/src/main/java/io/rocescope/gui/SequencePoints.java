package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.pipeline.FramePipeline;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.flow.Psn;
import io.rocescope.flow.Reports;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * The points of one direction's PSN time-sequence graph (tcptrace's graph, for RoCE): the requests the
 * requester sent (PSN unwrapped across 2^24, against time), and the responder's answers to them (ACK,
 * NAK, RNR NAK, READ and atomic responses, which carry PSNs of the requester's sequence). The tracker
 * keeps no per-packet PSNs, so the window collects them in its own pass over the decoded frames, for the
 * one direction asked for; at most {@link #MAX_POINTS} requests and as many answers are kept (the graph
 * says when more were left out). Which requests were retransmissions is the analysis's word
 * ({@link Retransmissions}: its Go-Back-N episodes), not worked out again here. Beside them: the credits
 * each ACK advertises ({@link CreditWindow}), and as ticks the CNPs sent to this direction's requester
 * and the requests that arrived ECN CE-marked (congestion on the way).
 */
final class SequencePoints {
    /** Kept per series (requests, answers) of a direction: 24 bytes a point. */
    static final int MAX_POINTS = 500_000;

    enum Kind { DATA, RESENT, ACK, NAK, RNR_NAK, RESPONSE, CNP, CE }

    /** The requester's flow, the answers' way back, and the first frame's time (frame.time_relative's zero). */
    record Direction(String src, String dst, int destQp, Integer answerQp, long timeZero) {
        static Direction of(Reports.ConnectionReport c, boolean aToB, long timeZero) {
            Reports.FlowReport f = aToB ? c.aToB() : c.bToA(), back = aToB ? c.bToA() : c.aToB();
            Reports.EndpointReport self = aToB ? c.a() : c.b();
            Integer answerQp = self != null && self.qpn() != null ? self.qpn() : back != null ? Integer.valueOf(back.destQp()) : f.srcQp();
            return new Direction(f.src(), f.dst(), f.destQp(), answerQp, timeZero);
        }
    }

    /** One series: parallel arrays, in capture order. */
    static final class Series {
        long[] frames = new long[64], nanos = new long[64], psns = new long[64];
        Kind[] kinds = new Kind[64];
        int size;
        /** Points met beyond {@link #MAX_POINTS}, not kept. */
        long leftOut;

        void add(long frame, long relNanos, long psn, Kind kind) {
            if (size == MAX_POINTS) { leftOut++; return; }
            if (size == frames.length) {
                int n = Math.min(MAX_POINTS, size * 2);
                frames = Arrays.copyOf(frames, n);
                nanos = Arrays.copyOf(nanos, n);
                psns = Arrays.copyOf(psns, n);
                kinds = Arrays.copyOf(kinds, n);
            }
            frames[size] = frame;
            nanos[size] = relNanos;
            psns[size] = psn;
            kinds[size] = kind;
            size++;
        }
    }

    final Direction direction;
    final Series requests = new Series(), answers = new Series();
    /** Ticks: CNPs to this direction's requester (its QP), and its requests marked CE (their PSN is the request's). */
    final Series cnps = new Series(), ce = new Series();
    /** The credits of the ACKs, as the window they open; made once the pass is over. */
    CreditWindow credits = CreditWindow.NONE;
    /** The opcodes of {@link #requests} and {@link #answers} (message ends, ACK codes), and the ACKs' AETH syndromes. */
    private final Opcodes requestOps = new Opcodes(), answerOps = new Opcodes();
    /** The unwrapped PSN sequence both series share: the first PSN seen is taken as it is. */
    private long lastUnwrapped = Long.MIN_VALUE;

    private SequencePoints(Direction d) { this.direction = d; }

    /** 24-bit PSN {@code psn} as the nearest value to the last one seen (wraps add or take 2^24). */
    long unwrap(int psn) {
        if (lastUnwrapped == Long.MIN_VALUE) return lastUnwrapped = psn;
        int d = Psn.diff(psn, (int) (lastUnwrapped & Psn.MASK));
        // keep the reference at the highest PSN so far: a retransmission does not drag it back
        long v = lastUnwrapped + d;
        if (v > lastUnwrapped) lastUnwrapped = v;
        return v;
    }

    /** Reads {@code path} once (the first {@code frames} frames), keeping direction {@code d}'s points. */
    static SequencePoints collect(String path, long frames, Direction d, Retransmissions resent, BooleanSupplier cancelled) throws IOException {
        SequencePoints out = new SequencePoints(d);
        Job job = new Job(out, resent, cancelled);
        try (CaptureReader r = CaptureReaders.open(path)) {
            new FramePipeline(new DecodeOptions(), FieldInterest.summary(), FramePipeline.defaultThreads(true), FramePipeline.DEFAULT_BATCH)
                .run(r, frames, job);
        }
        out.credits = CreditWindow.of(out.requests, out.requestOps.op, out.answers, out.answerOps.op, out.answerOps.syndrome);
        return out;
    }

    /** Opcodes (and AETH syndromes, -1: none) parallel to a series' points. */
    private static final class Opcodes {
        int[] op = new int[64], syndrome = new int[64];

        void set(int i, int opcode, int syn) {
            if (i >= MAX_POINTS) return;   // the series keeps no point for it either
            if (i >= op.length) {
                int n = Math.max(i + 1, op.length * 2);
                op = Arrays.copyOf(op, n);
                syndrome = Arrays.copyOf(syndrome, n);
            }
            op[i] = opcode;
            syndrome[i] = syn;
        }
    }

    /** A frame of this direction or its answers, as the decoding thread extracts it. */
    private static final class Batch {
        long[] frame = new long[256], ts = new long[256];
        int[] psn = new int[256], opcode = new int[256], syndrome = new int[256], ecn = new int[256];
        byte[] role = new byte[256];
        int size;

        void add(long f, long t, int p, int op, int syn, int e, byte r) {
            if (size == frame.length) {
                int n = size * 2;
                frame = Arrays.copyOf(frame, n); ts = Arrays.copyOf(ts, n); psn = Arrays.copyOf(psn, n);
                opcode = Arrays.copyOf(opcode, n); syndrome = Arrays.copyOf(syndrome, n); ecn = Arrays.copyOf(ecn, n);
                role = Arrays.copyOf(role, n);
            }
            frame[size] = f; ts[size] = t; psn[size] = p; opcode[size] = op; syndrome[size] = syn; ecn[size] = e; role[size] = r;
            size++;
        }
    }

    /** What a kept frame is to the direction. */
    private static final byte REQUEST = 0, ANSWER = 1, CNP_TO_REQUESTER = 2;
    /** IP ECN codepoint Congestion Experienced (RFC 3168). */
    static final int ECN_CE = Ipv4PacketKsy.ECN_CE;

    private static final class Job implements FrameJob<Batch> {
        private final SequencePoints out;
        private final Direction d;
        private final Retransmissions resent;
        private final BooleanSupplier cancelled;

        Job(SequencePoints out, Retransmissions resent, BooleanSupplier cancelled) {
            this.out = out;
            this.d = out.direction;
            this.resent = resent;
            this.cancelled = cancelled;
        }

        @Override public Batch newOutput() { return new Batch(); }
        @Override public void clear(Batch b) { b.size = 0; }
        @Override public int mark(Batch b) { return b.size; }
        @Override public void rewind(Batch b, int mark) { b.size = mark; }

        @Override
        public void frame(DecodedFrame f, Batch b) {
            if (!f.isRoce()) return;
            int qp = f.ib().destQp(), op = f.ib().opcode();
            if (OpcodeTable.isCnp(op)) {
                // a CNP goes back to the data sender (the reaction point), naming its QP
                if ((d.answerQp() == null || qp == d.answerQp()) && Addresses.source(f).equals(d.dst())
                    && Addresses.destination(f).equals(d.src())) {
                    b.add(f.number(), f.timestampNanos(), f.ib().psn(), op, -1, f.ecn(), CNP_TO_REQUESTER);
                }
                return;
            }
            boolean response = OpcodeTable.isResponse(op);
            boolean request = !response && qp == d.destQp();
            boolean answer = response && (d.answerQp() == null || qp == d.answerQp());
            if (!request && !answer) return;
            String src = Addresses.source(f), dst = Addresses.destination(f);
            if (request && (!src.equals(d.src()) || !dst.equals(d.dst()))) return;
            if (answer && (!src.equals(d.dst()) || !dst.equals(d.src()))) return;
            int syn = f.ib().has(IbTransportKsy.HEADER_AETH) ? f.ib().syndrome() : -1;
            b.add(f.number(), f.timestampNanos(), f.ib().psn(), op, syn, f.ecn(), request ? REQUEST : ANSWER);
        }

        @Override
        public void emit(Batch b, int from, int to) {
            if (cancelled.getAsBoolean()) throw new CancellationException();
            for (int i = from; i < to; i++) {
                long rel = b.ts[i] - d.timeZero();
                if (b.role[i] == CNP_TO_REQUESTER) {   // its PSN is of no sequence of ours
                    out.cnps.add(b.frame[i], rel, 0, Kind.CNP);
                    continue;
                }
                long psn = out.unwrap(b.psn[i]);
                if (b.role[i] == REQUEST) {
                    out.requestOps.set(out.requests.size, b.opcode[i], -1);
                    out.requests.add(b.frame[i], rel, psn, resent.contains(d.destQp(), b.frame[i]) ? Kind.RESENT : Kind.DATA);
                    if (b.ecn[i] == ECN_CE) out.ce.add(b.frame[i], rel, psn, Kind.CE);
                } else {
                    out.answerOps.set(out.answers.size, b.opcode[i], b.syndrome[i]);
                    out.answers.add(b.frame[i], rel, psn, answerKind(b.opcode[i], b.syndrome[i]));
                }
            }
        }
    }

    static Kind answerKind(int opcode, int syndrome) {
        if (!OpcodeTable.isAck(opcode) || syndrome < 0) return Kind.RESPONSE;   // READ response, atomic ACK
        return switch (InfinibandNames.aethType(syndrome)) {
            case InfinibandNames.AETH_RNR_NAK -> Kind.RNR_NAK;
            case InfinibandNames.AETH_NAK -> Kind.NAK;
            default -> Kind.ACK;
        };
    }
}
