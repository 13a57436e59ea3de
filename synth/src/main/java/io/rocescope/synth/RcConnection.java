package io.rocescope.synth;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.encode.Layout;
import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.encode.TcpFrames;
import io.rocescope.dissector.text.Addresses;

import io.rocescope.dissector.field.ksy.PerftestExchangeLayout;
import io.rocescope.flow.FindingKind;

import java.nio.charset.StandardCharsets;

import java.io.IOException;
import java.util.List;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.FIXED_SIZE_ATOMIC_ACK_ETH;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.LEN_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.MASK_AETH_SYNDROME_VALUE;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.MASK_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.OFF_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.SHIFT_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.MASK_BTH_PSN;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.SHIFT_AETH_SYNDROME_TYPE;
import static io.rocescope.dissector.field.ksy.TcpSegmentLayout.MASK_SEQ_NUM;

/**
 * One simulated RC connection between requester A and responder B: RDMA-CM set-up and tear-down,
 * SEND / RDMA WRITE messages cut at the MTU, READs with their responses, atomics, and the responder's
 * ACKs; faults (a lost packet with NAK and Go-Back-N, RNR NAKs, ECN marks and CNPs) are injected on demand.
 */
final class RcConnection {
    /**
     * AETH syndromes (type in the top bits, then the credit code, RNR timer or NAK code): an ACK with the
     * all-ones credit code 31 (unlimited credits), the NAKs PSN Sequence Error and Remote Access Error, and
     * the RNR NAK the timer code is ORed into.
     */
    static final int ACK_UNLIMITED = AETH_TYPE_ACK << SHIFT_AETH_SYNDROME_TYPE | (int) MASK_AETH_SYNDROME_VALUE,
        NAK_SEQ = AETH_TYPE_NAK << SHIFT_AETH_SYNDROME_TYPE | NAK_CODE_PSN_SEQUENCE_ERROR,
        NAK_REMOTE_ACCESS = AETH_TYPE_NAK << SHIFT_AETH_SYNDROME_TYPE | NAK_CODE_REMOTE_ACCESS_ERROR,
        RNR_NAK = AETH_TYPE_RNR_NAK << SHIFT_AETH_SYNDROME_TYPE;
    /** PSNs are 24 bits and wrap (the BTH's PSN field). */
    private static final int PSN_MASK = (int) MASK_BTH_PSN;
    /** perftest's out-of-band TCP port, which RDMA-CM set-ups here listen on too. */
    private static final int PERFTEST_PORT = (int) PerftestExchangeLayout.DEFAULT_PORT;
    final Synth s;
    Net ab, ba;
    final int qpA, qpB, mtu;
    int psnA, psnB, msn;
    final long vaB, vaA;
    final int rkeyB, rkeyA;
    private final int commA, commB;
    private final long tid;
    private static final long ACK_DELAY = 2_000;   // responder turn-around, ns
    /** The AETH syndrome of the responder's ACKs: unlimited credits unless a scenario sets a credit code. */
    int ackSyndrome = ACK_UNLIMITED;

    RcConnection(Synth s, Net ab, int qpA, int qpB, int mtu) {
        this.s = s;
        this.ab = ab;
        this.ba = ab.reverse();
        this.qpA = qpA;
        this.qpB = qpB;
        this.mtu = mtu;
        this.psnA = s.random.nextInt(PSN_MASK + 1);
        this.psnB = s.random.nextInt(PSN_MASK + 1);
        this.vaB = 0x7f0000000000L + ((long) s.random.nextInt(1 << 20) << 12);
        this.rkeyB = 0x100 + s.random.nextInt(0x1000);
        this.vaA = 0x7f0000000000L + ((long) s.random.nextInt(1 << 20) << 12);
        this.rkeyA = 0x100 + s.random.nextInt(0x1000);
        this.commA = s.random.nextInt();
        this.commB = s.random.nextInt();
        this.tid = s.random.nextLong() & 0xFFFFFFFFFFFFL;
    }

    String ipA() { return ip(ab.srcIp()); }
    String ipB() { return ip(ab.dstIp()); }

    private static String ip(byte[] a) {
        if (a.length == io.rocescope.dissector.field.ksy.Ipv6PacketLayout.LEN_SRC_ADDR) return Addresses.ipv6(a, 0);
        return Addresses.ipv4(new io.rocescope.dissector.text.LineBuffer(), java.nio.ByteBuffer.wrap(a).getInt() & 0xFFFFFFFFL).toString();
    }

    /** REQ → REP → RTU. Each side's Starting PSN is the one it expects to receive. */
    void connect() throws IOException {
        s.emit(CmMads.frame(ab, 0, CmMads.req(tid, commA, PERFTEST_PORT, 0x0aff_fe00_0001L, qpA, psnB, mtuEnum(),
            reqSourceGid != null ? reqSourceGid : ab.srcIp(), ab.dstIp(), 40000 + s.random.nextInt(20000))));
        s.advance(20_000);
        s.emit(CmMads.frame(ba, 0, CmMads.rep(tid, commB, commA, qpB, psnA, 0x0aff_fe00_0002L)));
        s.advance(5_000);
        s.emit(CmMads.frame(ab, 1, CmMads.rtu(tid, commA, commB)));
        s.advance(5_000);
        s.truth.connections.add(new Truth.ConnectionTruth("rdma_cm", new Truth.Endpoint(ipA(), qpA, psnA), new Truth.Endpoint(ipB(), qpB, psnB)));
    }

    /** The source GID the REQ names, when it is not the IP source (a spoofed REQ); null: the IP source. */
    byte[] reqSourceGid;

    /**
     * An RDMA WRITE Only to {@code va} with R_Key {@code rkey} that the responder refuses: NAK Remote Access
     * Error (both QPs then go to error: nothing more is sent). Returns the NAK's frame.
     */
    long writeRefused(int rkey, long va) throws IOException {
        int p = psnA;
        s.emit(RoceFrames.roce(ab, OPCODE_RC_RDMA_WRITE_ONLY, qpB, p, true, false, RoceFrames.reth(va, rkey, 64), fill(64, 1)));
        s.advance(ACK_DELAY);
        long nak = s.emit(RoceFrames.roce(ba, OPCODE_RC_ACKNOWLEDGE, qpA, p, false, false, RoceFrames.aeth(NAK_REMOTE_ACCESS, msn), new byte[0]));
        psnA = (p + 1) & PSN_MASK;
        return nak;
    }

    private long seqA, seqB;
    private int clientPort;

    private void tcp(boolean fromA, int flags, byte[] payload) throws IOException {
        Net n = fromA ? ab : ba;
        int sp = fromA ? clientPort : PERFTEST_PORT, dp = fromA ? PERFTEST_PORT : clientPort;
        long seq = fromA ? seqA : seqB, ack = fromA ? seqB : seqA;
        s.emit(TcpFrames.segment(n, sp, dp, seq, (flags & TcpFrames.ACK) != 0 ? ack : 0, flags, payload));
        long used = payload.length + ((flags & (TcpFrames.SYN | TcpFrames.FIN)) != 0 ? 1 : 0);
        if (fromA) seqA = (seqA + used) & MASK_SEQ_NUM; else seqB = (seqB + used) & MASK_SEQ_NUM;   // 32-bit sequence numbers wrap
        s.advance(20_000);
    }

    /** Both sides' key message: QPN, the PSN it sends first, and its buffer's R_Key and VA. */
    private byte[] key(boolean a) {
        return TcpFrames.perftestKey(0, 1, a ? qpA : qpB, a ? psnA : psnB, a ? rkeyA : rkeyB, a ? vaA : vaB,
            TcpFrames.gid(a ? ab.srcIp() : ab.dstIp()), 0);
    }

    /** The buffer sizes perftest sends (its choices, not the format's): a 4 KiB cycle buffer, 64-byte cache lines. */
    private static final long CYCLE_BUFFER = 4096, CACHE_LINE_SIZE = 64;

    /** The cycle-buffer and cache-line records: big-endian numbers where perftest_exchange.ksy puts them. */
    private static byte[] cycleBufferRecord() {
        byte[] b = new byte[PerftestExchangeLayout.LEN_CYCLE_BUFFER];
        Layout.put(b, 0, PerftestExchangeLayout.LEN_CYCLE_BUFFER, PerftestExchangeLayout.SHIFT_CYCLE_BUFFER,
            PerftestExchangeLayout.MASK_CYCLE_BUFFER, CYCLE_BUFFER);
        return b;
    }

    private static byte[] cacheLineRecord() {
        byte[] b = new byte[PerftestExchangeLayout.LEN_CACHE_LINE_SIZE];
        Layout.put(b, 0, PerftestExchangeLayout.LEN_CACHE_LINE_SIZE, PerftestExchangeLayout.SHIFT_CACHE_LINE_SIZE,
            PerftestExchangeLayout.MASK_CACHE_LINE_SIZE, CACHE_LINE_SIZE);
        return b;
    }

    /** The MTU record: the path MTU code as one ASCII digit, NUL-padded to the record's size. */
    private byte[] mtuRecord() {
        byte[] b = new byte[PerftestExchangeLayout.FIXED_SIZE_MTU];
        b[PerftestExchangeLayout.OFF_MTU_TEXT] = (byte) ('0' + mtuEnum());
        return b;
    }

    /** perftest's socket set-up: TCP handshake to port 18515, versions, buffer sizes, MTU, then key messages. */
    void socketConnect() throws IOException {
        clientPort = 40000 + s.random.nextInt(20000);
        seqA = s.random.nextInt() & MASK_SEQ_NUM;
        seqB = s.random.nextInt() & MASK_SEQ_NUM;
        tcp(true, TcpFrames.SYN, new byte[0]);
        tcp(false, TcpFrames.SYN | TcpFrames.ACK, new byte[0]);
        tcp(true, TcpFrames.ACK, new byte[0]);
        byte[][] records = {TcpFrames.perftestVersion("6.06"), cycleBufferRecord(), cacheLineRecord(), mtuRecord()};
        for (byte[] r : records) {
            tcp(true, TcpFrames.PSH | TcpFrames.ACK, r);
            tcp(false, TcpFrames.PSH | TcpFrames.ACK, r);
        }
        for (int i = 0; i < 3; i++) {
            tcp(true, TcpFrames.PSH | TcpFrames.ACK, key(true));
            tcp(false, TcpFrames.PSH | TcpFrames.ACK, key(false));
        }
        s.truth.connections.add(new Truth.ConnectionTruth("socket", new Truth.Endpoint(ipA(), qpA, psnA), new Truth.Endpoint(ipB(), qpB, psnB)));
    }

    /** The closing sync (keys again, "done") and the server's FIN. */
    void socketClose() throws IOException {
        tcp(true, TcpFrames.PSH | TcpFrames.ACK, key(true));
        tcp(false, TcpFrames.PSH | TcpFrames.ACK, key(false));
        byte[] done = (PerftestExchangeLayout.CONTENTS_SYNC_WORD + PerftestExchangeLayout.CONTENTS_SYNC_TERMINATOR).getBytes(StandardCharsets.US_ASCII);
        tcp(false, TcpFrames.PSH | TcpFrames.ACK, done);
        tcp(true, TcpFrames.PSH | TcpFrames.ACK, done);
        tcp(false, TcpFrames.FIN | TcpFrames.ACK, new byte[0]);
        tcp(true, TcpFrames.FIN | TcpFrames.ACK, new byte[0]);
    }

    void disconnect() throws IOException {
        s.advance(10_000);
        s.emit(CmMads.frame(ab, 2, CmMads.dreq(tid + 1, commA, commB, qpB)));
        s.advance(5_000);
        s.emit(CmMads.frame(ba, 1, CmMads.drep(tid + 1, commB, commA)));
    }

    /** The path MTU's code (ksy/ib_mad.ksy's path_mtu), as the REQ and perftest's MTU record carry it. */
    private int mtuEnum() { return CmNames.mtuCode(mtu); }

    private void ack(int psn) throws IOException {
        s.advance(ACK_DELAY);
        s.emit(RoceFrames.roce(ba, OPCODE_RC_ACKNOWLEDGE, qpA, psn, false, false, RoceFrames.aeth(ackSyndrome, ++msn), new byte[0]));
    }

    /** A SEND (write = false) or RDMA WRITE message of {@code size} bytes, cut at the MTU, then one ACK. */
    void message(int size, boolean write) throws IOException {
        message(size, write, -1, 0);
    }

    /**
     * As {@link #message(int, boolean)}, losing packet {@code lose} (its index in the message, not the
     * last): the responder NAKs once {@code inFlight} more packets after the next one have arrived, and
     * the requester goes back to the lost PSN and sends the rest of the message again.
     */
    void message(int size, boolean write, int lose, int inFlight) throws IOException {
        int n = Math.max(1, (size + mtu - 1) / mtu);
        if (lose >= n - 1) throw new IllegalArgumentException("the lost packet must have a successor in the message");
        int first = psnA;
        int nakAfter = lose < 0 ? -1 : Math.min(lose + 1 + inFlight, n - 1);
        for (int i = 0; i < n; i++) {
            if (i == lose) continue;                                     // lost before the capture point
            long f = s.emit(packet(i, n, size, write, first));
            if (lose >= 0 && i == lose + 1) s.truth.fault(FindingKind.PSN_GAP, List.of(f), List.of((first + lose) & PSN_MASK), "a packet lost before the capture point");
            if (i == nakAfter) {
                int lost = (first + lose) & PSN_MASK;
                s.advance(ACK_DELAY);
                long nak = s.emit(RoceFrames.roce(ba, OPCODE_RC_ACKNOWLEDGE, qpA, lost, false, false, RoceFrames.aeth(NAK_SEQ, msn), new byte[0]));
                s.truth.fault(FindingKind.NAK_PSN_SEQUENCE_ERROR, List.of(nak), List.of(lost), "the responder expects PSN " + lost);
                long resent = -1;
                for (int j = lose; j < n; j++) {
                    long g = s.emit(packet(j, n, size, write, first));
                    if (resent < 0) resent = g;
                }
                s.truth.fault(FindingKind.RETRANSMISSION, List.of(resent), List.of(lost), "Go-Back-N from PSN " + lost);
                s.truth.expect(FindingKind.PSN_OUT_OF_ORDER, 1);                  // the lost PSN, first seen when resent
                s.truth.expect(FindingKind.PSN_DUPLICATE, nakAfter - lose);       // the ones after it, seen twice
                break;
            }
        }
        psnA = (first + n) & PSN_MASK;
        ack((psnA - 1) & PSN_MASK);
    }

    private byte[] packet(int i, int n, int size, boolean write, int first) {
        int payload = i < n - 1 ? mtu : size - mtu * (n - 1);
        int op;
        byte[] hdr = new byte[0];
        if (n == 1) op = write ? OPCODE_RC_RDMA_WRITE_ONLY : OPCODE_RC_SEND_ONLY;
        else if (i == 0) op = write ? OPCODE_RC_RDMA_WRITE_FIRST : OPCODE_RC_SEND_FIRST;
        else if (i < n - 1) op = write ? OPCODE_RC_RDMA_WRITE_MIDDLE : OPCODE_RC_SEND_MIDDLE;
        else op = write ? OPCODE_RC_RDMA_WRITE_LAST : OPCODE_RC_SEND_LAST;
        if (write && i == 0) hdr = RoceFrames.reth(vaB, rkeyB, size);
        return RoceFrames.roce(ab, op, qpB, (first + i) & PSN_MASK, i == n - 1, false, hdr, fill(payload, i));
    }

    private static byte[] fill(int n, int seed) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) (0x40 + seed % 26));
        return b;
    }

    /** An RDMA READ of {@code size} bytes: one request (ceil(size / MTU) PSNs) and the responses. */
    void read(int size) throws IOException {
        int n = Math.max(1, (size + mtu - 1) / mtu);
        int p = psnA;
        s.emit(RoceFrames.roce(ab, OPCODE_RC_RDMA_READ_REQUEST, qpB, p, true, false, RoceFrames.reth(vaB, rkeyB, size), new byte[0]));
        s.advance(ACK_DELAY);
        msn++;
        for (int i = 0; i < n; i++) {
            int payload = i < n - 1 ? mtu : size - mtu * (n - 1);
            int op = n == 1 ? OPCODE_RC_RDMA_READ_RESPONSE_ONLY : i == 0 ? OPCODE_RC_RDMA_READ_RESPONSE_FIRST
                : i < n - 1 ? OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE : OPCODE_RC_RDMA_READ_RESPONSE_LAST;
            byte[] aeth = op == OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE ? new byte[0] : RoceFrames.aeth(ACK_UNLIMITED, msn);
            s.emit(RoceFrames.roce(ba, op, qpA, (p + i) & PSN_MASK, false, false, aeth, fill(payload, i)));
        }
        psnA = (p + n) & PSN_MASK;
    }

    /** A FetchAdd and its atomic acknowledgement. */
    void fetchAdd(long add) throws IOException {
        int p = psnA;
        s.emit(RoceFrames.roce(ab, OPCODE_RC_FETCHADD, qpB, p, true, false, RoceFrames.atomicEth(vaB, rkeyB, add, 0), new byte[0]));
        s.advance(ACK_DELAY);
        s.emit(RoceFrames.roce(ba, OPCODE_RC_ATOMIC_ACKNOWLEDGE, qpA, p, false, false,
            RoceFrames.concat(RoceFrames.aeth(ACK_UNLIMITED, ++msn), atomicAckEth(s.random.nextInt(1000))), new byte[0]));
        psnA = (p + 1) & PSN_MASK;
    }

    /** An AtomicAckETH: the value the target held before the atomic. */
    private static byte[] atomicAckEth(long original) {
        byte[] b = new byte[FIXED_SIZE_ATOMIC_ACK_ETH];
        Layout.put(b, OFF_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA, LEN_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA,
            SHIFT_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA, MASK_ATOMIC_ACK_ETH_ORIGINAL_REMOTE_DATA, original);
        return b;
    }

    /** A SEND Only that meets {@code times} RNR NAKs (receiver not ready) before it is accepted. */
    void sendWithRnr(int times, int timerCode, long timerNanos) throws IOException {
        int p = psnA;
        for (int k = 0; k <= times; k++) {
            long sent = s.emit(RoceFrames.roce(ab, OPCODE_RC_SEND_ONLY, qpB, p, true, false, new byte[0], fill(64, k)));
            if (k > 0) s.truth.fault(FindingKind.RETRANSMISSION, List.of(sent), List.of(p), "resent after RNR NAK " + k);
            s.advance(ACK_DELAY);
            if (k < times) {
                long rnr = s.emit(RoceFrames.roce(ba, OPCODE_RC_ACKNOWLEDGE, qpA, p, false, false, RoceFrames.aeth(RNR_NAK | timerCode, msn), new byte[0]));
                s.truth.fault(FindingKind.RNR_NAK, List.of(rnr), List.of(p), "receiver not ready, timer code " + timerCode);
                s.advance(timerNanos);
            }
        }
        s.truth.expect(FindingKind.PSN_DUPLICATE, times);   // every retry repeats the PSN
        psnA = (p + 1) & PSN_MASK;
        ack(p);
    }
}
