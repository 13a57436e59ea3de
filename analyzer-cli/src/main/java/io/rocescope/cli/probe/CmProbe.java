package io.rocescope.cli.probe;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Eui64;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.function.Consumer;

import static io.rocescope.dissector.field.ksy.IbMadLayout.MASK_CM_REQ_LOCAL_COMM_ID;

/**
 * {@code probe cm}: an agentless RoCE-level ping. Each probe is a CM REQ to the target's QP1 (a service
 * ID nobody listens on, unless told otherwise), resent as CM resends it (the same REQ after the response
 * timeout the REQ announces, at most Max CM Retries times, a received MRA granting its service timeout
 * more), and the answer is timed: REJ (its CM is alive and reachable over RoCE), REP (a listener accepted:
 * answered with a REJ at once, so nothing stays half-open), or nothing. Every answer is decoded by the
 * dissector, never parsed by hand. Every frame to the target, first sends and resends alike, waits for
 * the target's token bucket.
 */
public final class CmProbe {
    /** The largest frame any Ethernet host sends: its header and the standard 1500-byte MTU (IEEE 802.3). */
    private static final int STANDARD_FRAME = EthernetFrameLayout.FIXED_SIZE + (int) EthernetFrameLayout.MAX_PAYLOAD_SIZE;
    /** Starting PSNs are 24 bits (the BTH's PSN field). */
    private static final int PSN_RANGE = (int) IbTransportLayout.MASK_BTH_PSN + 1;
    /** The top bit of the BTH's 24-bit destination QP: the probe's QPNs have it set. */
    private static final int HIGH_QPN = io.rocescope.synth.Synthesizer.HIGH_QPN;

    /** What a probe run is given. */
    public record Settings(int count, double rate, int port, int responseTimeout, int retries) {}

    private final ProbeLink link;
    private final Net net;
    private final Settings settings;
    private final TokenBucket bucket;
    private final TokenBucket.Clock clock;
    private final FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.all());
    private final CaptureRecord rec = new CaptureRecord();
    private final SecureRandom random = new SecureRandom();
    private final long caGuid;

    private int seq;
    private long tidBase = -1;

    public CmProbe(ProbeLink link, Net net, Settings settings, TokenBucket.Clock clock) {
        // one bucket per target for the whole run: a sweep's steps share it
        this(link, net, settings, clock, new TokenBucket(settings.rate(), clock));
    }

    /** With the target's bucket given: shared with the other probes to the same host (capture --probe). */
    public CmProbe(ProbeLink link, Net net, Settings settings, TokenBucket.Clock clock, TokenBucket bucket) {
        this.link = link;
        this.net = net;
        this.settings = settings;
        this.clock = clock;
        this.bucket = bucket;
        // our node GUID as rxe makes it from the MAC
        this.caGuid = Eui64.ofMac(net.srcMac());
    }

    public void run(ProbeResult result, Consumer<ProbeResult.Probe> each) throws IOException, InterruptedException {
        probes(result, net, 0, each);
    }

    /**
     * A sweep: for each of its values the run's -c probes with that value (DSCP, frame size or UDP source
     * port), all through the one token bucket; each step's probes go into {@code result.steps}, and
     * {@code afterStep} hears of each step once it is done.
     */
    public void sweep(ProbeResult result, Sweep sweep, Consumer<ProbeResult.Probe> each, Consumer<ProbeResult.Step> afterStep)
            throws IOException, InterruptedException {
        result.sweep = sweep;
        for (int v : sweep.values()) {
            Net n = switch (sweep.kind()) {
                case DSCP -> net.withTrafficClass(v, net.ecn() & (int) Ipv4PacketLayout.MASK_ECN);
                case UDP_SPORT -> new Net(net.srcMac(), net.dstMac(), net.srcIp(), net.dstIp(), net.vlan(), net.pcp(), v, net.ecn());
                case SIZE -> net;
            };
            ProbeResult.Step step = new ProbeResult.Step(sweep.kind().key, v, probes(result, n, sweep.kind() == Sweep.Kind.SIZE ? v : 0, each));
            result.steps.add(step);
            afterStep.accept(step);
        }
    }

    /** The -c probes to {@code n}, each frame padded to {@code frameSize} bytes (0: as built). */
    private java.util.List<ProbeResult.Probe> probes(ProbeResult result, Net n, int frameSize, Consumer<ProbeResult.Probe> each)
            throws IOException, InterruptedException {
        if (tidBase < 0) tidBase = (random.nextLong() & 0x0000FFFF00000000L) | 0x0000000100000000L;
        java.util.List<ProbeResult.Probe> out = new java.util.ArrayList<>();
        for (int i = 0; i < settings.count(); i++) {
            seq++;
            int commId = random.nextInt() | 1;
            int qpn = HIGH_QPN | random.nextInt(HIGH_QPN - 1);   // high QPNs: rxe hands out low ones; not 0xFFFFFF (multicast)
            CmProbeRequest req = new CmProbeRequest(n, tidBase + seq, commId, qpn, random.nextInt(PSN_RANGE), settings.port(), caGuid,
                settings.responseTimeout(), settings.retries(), frameSize);
            ProbeResult.Probe p = probe(seq, req);
            result.probes.add(p);
            out.add(p);
            each.accept(p);
        }
        return out;
    }

    private ProbeResult.Probe probe(int seq, CmProbeRequest req) throws IOException, InterruptedException {
        long timeout = (long) CmNames.ibaNanos(settings.responseTimeout());
        int sends = 0;
        long wireSentAt = -1;
        boolean mraSeen = false;
        while (sends <= settings.retries()) {
            try {
                bucket.send(() -> {
                    link.send(req.frame);
                    return null;
                });
            } catch (IOException e) {
                // this host would not send it (a size sweep's frame above our own MTU): the step says so, the run goes on
                if (sends > 0 || req.frame.length <= STANDARD_FRAME) throw e;
                return new ProbeResult.Probe(seq, "error", null, null, 0, null, null, null,
                    "not sent: " + req.frame.length + "-byte frame refused here (" + e.getMessage() + ")");
            }
            sends++;
            long sentNano = clock.nanoTime();
            wireSentAt = -1;
            if (link.dryRun()) return new ProbeResult.Probe(seq, "not sent (dry run)", null, null, sends, null, null, null, null);
            long deadline = System.nanoTime() + timeout;
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) break;
                ProbeLink.Seen s = link.poll(left);
                if (s == null) break;
                DecodedFrame f = decode(s);
                if (f == null || !f.has(CmFields.MAD)) continue;
                int attr = (int) f.get(CmFields.MAD_ATTRIBUTEID, -1);
                long tid = f.get(CmFields.MAD_TRANSACTIONID, -1);
                if (attr == CmNames.REQ && tid == req.tid) {
                    wireSentAt = s.timestampNanos();   // our own REQ as it left: the RTT's start on the capture clock
                    continue;
                }
                Double rtt = wireSentAt >= 0 ? (s.timestampNanos() - wireSentAt) / 1e6 : (System.nanoTime() - sentNano) / 1e6;
                Integer pkey = f.has(Fields.BTH_P_KEY) ? (int) f.get(Fields.BTH_P_KEY, 0) : null;
                boolean retried = sends > 1;
                if (attr == CmNames.REJ && f.get(CmFields.REJ_REMOTECOMMID, -1) == (req.localCommId & MASK_CM_REQ_LOCAL_COMM_ID)) {
                    int reason = (int) f.get(CmFields.REJ_REASON, -1);
                    return new ProbeResult.Probe(seq, answer(mraSeen, CmNames.REJ), reason, reasonName(reason), sends, rtt, retried, pkey,
                        icrcNote(f));
                }
                if (attr == CmNames.REP && f.get(CmFields.REP_REMOTECOMMID, -1) == (req.localCommId & MASK_CM_REQ_LOCAL_COMM_ID)) {
                    int theirs = (int) f.get(CmFields.REP_LOCALCOMMID, 0);
                    link.send(req.rejectReply(theirs));   // at once, outside the bucket: it ends what the probe began
                    return new ProbeResult.Probe(seq, answer(mraSeen, CmNames.REP), null, null, sends, rtt, retried, pkey,
                        "a listener accepted; answered with REJ (consumer reject)" + suffix(icrcNote(f)));
                }
                if (attr == IbMadKsy.CM_ATTRIBUTE_MRA && f.get(CmFields.MRA_REMOTECOMMID, -1) == (req.localCommId & MASK_CM_REQ_LOCAL_COMM_ID)) {
                    // MRA: the target asks for its service timeout more before it answers
                    mraSeen = true;
                    deadline = System.nanoTime() + timeout + (long) CmNames.ibaNanos((int) f.get(CmFields.MRA_SERVICETIMEOUT, 0));
                }
            }
        }
        return new ProbeResult.Probe(seq, "timeout", null, null, sends, null, null, null,
            mraSeen ? "MRA received, then nothing" : null);
    }

    /** The answer's CM messages by their short names (ksy/ib_mad.ksy's -abbrev): "REJ", or "MRA, REJ" after an MRA. */
    private static String answer(boolean mraSeen, int attribute) {
        String name = IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(attribute);
        return mraSeen ? IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(CmNames.MRA) + ", " + name : name;
    }

    private DecodedFrame decode(ProbeLink.Seen s) {
        rec.data = s.data();
        rec.capturedLength = s.data().length;
        rec.originalLength = s.data().length;
        rec.linkType = LinkTypeNames.ETHERNET;
        rec.number++;
        rec.timestampNanos = s.timestampNanos();
        try {
            return decoder.decode(rec);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String icrcNote(DecodedFrame f) {
        return f.icrcStatus() == DecodedFrame.IcrcStatus.BAD ? "bad ICRC on the answer" : null;
    }

    private static String suffix(String s) { return s == null ? "" : "; " + s; }

    static String reasonName(int reason) {
        return CmNames.rejectReason(reason).replaceAll(" \\(\\d+\\)$", "");
    }
}
