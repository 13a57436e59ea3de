package io.rocescope.dissector.decode;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.perftest.PerftestConversations;

import static io.rocescope.dissector.field.Fields.*;

/**
 * Decodes capture records into {@link DecodedFrame}s. Not thread-safe: one decoder per thread.
 * The state kept between frames: the first timestamp (relative times) and perftest's TCP reassembly.
 * A {@link #stateless() stateless} decoder keeps no reassembly state, so that several can decode
 * parts of one capture at once: it marks the frames that need the reassembly instead
 * ({@link DecodedFrame#needsSequentialDecode()}), for a stateful decoder to decode in capture order.
 */
public final class FrameDecoder {
    private final DecodeOptions options;
    private final boolean[] interest;
    private final boolean detail;
    private final Packet packet = new Packet();
    private final DecodedFrame frame = new DecodedFrame();
    private long firstTimestamp = Long.MIN_VALUE;
    /** Index of this frame's frame.protocols field, filled in once the frame is decoded (-1: not kept). */
    private int protocols = -1;
    /** Reassembly state of perftest's TCP exchanges, bounded to 1024 directions; null when stateless. */
    private final PerftestConversations perftest;
    /** Stream indexes and TCP sequence bases; null when stateless. */
    private final Conversations conversations;
    /** The previous frame's timestamp (frame.time_delta) and the last displayed one's (frame.time_delta_displayed). */
    private long previousTimestamp = Long.MIN_VALUE, lastDisplayed = Long.MIN_VALUE;
    /** The frame decoded last, to learn whether the display filter kept it. */
    private DecodedFrame previous;

    public FrameDecoder() {
        this(new DecodeOptions());
    }

    public FrameDecoder(DecodeOptions options) {
        this(options, FieldInterest.all());
    }

    /** A decoder that records only the fields {@code interest} keeps (e.g. {@link FieldInterest#summary()}). */
    public FrameDecoder(DecodeOptions options, FieldInterest interest) {
        this(options, interest, new PerftestConversations(1024));
    }

    private FrameDecoder(DecodeOptions options, FieldInterest interest, PerftestConversations perftest) {
        this.options = options;
        this.interest = interest.mask();
        this.detail = interest.keepsDetail();
        this.perftest = perftest;
        this.conversations = perftest == null ? null : new Conversations(MAX_CONVERSATIONS);
    }

    /** Conversations of each kind (UDP, TCP) remembered for stream indexes (see {@link Conversations}). */
    static final int MAX_CONVERSATIONS = 1 << 16;

    /** A decoder for a worker thread: no reassembly state; frames that need it are marked, not reassembled. */
    public static FrameDecoder stateless(DecodeOptions options, FieldInterest interest) {
        return new FrameDecoder(options, interest, null);
    }

    /** Times are relative to this timestamp (the capture's first frame) instead of this decoder's first frame. */
    public void firstTimestamp(long nanos) { firstTimestamp = nanos; }

    /** Decodes into a frame object that is reused by the next call. */
    public DecodedFrame decode(CaptureRecord rec) {
        return decode(rec, frame);
    }

    public DecodedFrame decode(CaptureRecord rec, DecodedFrame f) {
        if (firstTimestamp == Long.MIN_VALUE) firstTimestamp = rec.timestampNanos;
        if (previous != null && previous.displayed()) lastDisplayed = previousTimestamp;
        long delta = previousTimestamp == Long.MIN_VALUE ? 0 : rec.timestampNanos - previousTimestamp;
        long deltaDisplayed = lastDisplayed == Long.MIN_VALUE ? 0 : rec.timestampNanos - lastDisplayed;
        previousTimestamp = rec.timestampNanos;
        previous = f;
        f.reset(rec.number, rec.timestampNanos, rec.timestampNanos - firstTimestamp, rec.capturedLength,
            rec.originalLength, rec.interfaceId, rec.linkType, rec.data);
        f.interest(interest);
        packet.reset(rec.data, rec.capturedLength, Integer.compareUnsigned(rec.capturedLength, rec.originalLength) < 0, f, options);
        packet.perftest = perftest;
        packet.conversations = conversations;
        packet.detail = detail;

        if (detail) {
            int node = f.open(FRAME, 0);
            f.add(FRAME_NUMBER, 0, 0, rec.number);
            f.add(FRAME_TIME_EPOCH, 0, 0, rec.timestampNanos);
            f.add(FRAME_TIME_RELATIVE, 0, 0, f.relativeNanos);
            f.add(FRAME_LEN, 0, 0, Integer.toUnsignedLong(rec.originalLength));
            f.add(FRAME_CAP_LEN, 0, 0, rec.capturedLength);
            f.add(FRAME_INTERFACE_ID, 0, 0, rec.interfaceId);
            f.add(FRAME_LINK_TYPE, 0, 0, rec.linkType);
            f.add(FRAME_TIME, 0, 0, rec.timestampNanos);
            if (conversations != null) {   // a stateless decoder cannot know the frames before
                f.add(FRAME_TIME_DELTA, 0, 0, delta);
                f.add(FRAME_TIME_DELTA_DISPLAYED, 0, 0, deltaDisplayed);
            }
            protocols = f.add(FRAME_PROTOCOLS, 0, 0, 0);
            f.close(node, rec.capturedLength);
        }

        try {
            switch (rec.linkType) {
                case LinkTypeNames.ETHERNET:
                    EthernetDissector.dissect(packet, 0);
                    break;
                case LinkTypeNames.INFINIBAND:
                    LrhDissector.dissect(packet, 0);
                    break;
                case LinkTypeNames.IPOIB:
                    IpoibDissector.dissect(packet);
                    break;
                case LinkTypeNames.LINUX_SLL:
                    SllDissector.dissectV1(packet);
                    break;
                case LinkTypeNames.LINUX_SLL2:
                    SllDissector.dissectV2(packet);
                    break;
                case LinkTypeNames.RAW:
                case LinkTypeNames.RAW_BSD:
                case LinkTypeNames.RAW_BSD14:
                case LinkTypeNames.IPV4:
                case LinkTypeNames.IPV6:
                    rawIp(packet);
                    break;
                default:
                    f.expert(new Expert(Expert.Severity.WARNING, "linktype.unsupported",
                        "Link type " + rec.linkType + " is not supported; the frame is not decoded"));
                    if (rec.capturedLength > 0) packet.data(0, rec.capturedLength);
            }
        } catch (RuntimeException e) {
            // A dissector bug must not end the capture: the frame is marked, the next one is decoded.
            f.expert(Expert.malformed("Dissector failure: " + e));
        }
        if (protocols >= 0) f.object(protocols, ProtocolChain.of(f));
        protocols = -1;
        return f;
    }

    private static void rawIp(Packet p) {
        // IPv4's and IPv6's Version sit alike: read as IPv4's layout has it, whichever the frame turns out to be
        if (!p.need(0, Ipv4PacketLayout.OFF_VERSION + Ipv4PacketLayout.LEN_VERSION, "IP version")) return;
        int version = Ipv4PacketLayout.readVersion(p.d, 0);
        if (version == Ipv4PacketLayout.IPV4_VERSION_VALUE) Ipv4Dissector.dissect(p, 0);
        else if (version == Ipv6PacketLayout.IPV6_VERSION_VALUE) Ipv6Dissector.dissect(p, 0);
        else p.malformed("Raw IP frame with IP version " + version);
    }

    public DecodeOptions options() { return options; }
}
