package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.capture.RecordCheck;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.util.BigEndian;

/**
 * The {@link RecordCheck} that decodes the candidate record: a stateless decoder with default options
 * and summary fields, so that no record judged changes what a later one decodes as.
 */
public final class DecodedRecordCheck implements RecordCheck {
    private final FrameDecoder decoder = FrameDecoder.stateless(new DecodeOptions(), FieldInterest.summary());

    @Override
    public int judge(CaptureRecord rec, int fileLinkType, long originalLength, int fcsBytes) {
        DecodedFrame f = decoder.decode(rec);
        int verdicts = 0;
        if (wellFormed(f, fileLinkType)) verdicts |= WELL_FORMED;
        if (lengthsAgree(f, fileLinkType, originalLength, fcsBytes)) verdicts |= LENGTHS_AGREE;
        if (f.isRoce() && f.icrcStatus() == DecodedFrame.IcrcStatus.GOOD) verdicts |= ROCE_ICRC_GOOD;
        return verdicts;
    }

    /** The candidate record must decode whole, and an Ethernet one as a protocol the dissector knows. */
    private static boolean wellFormed(DecodedFrame f, int linkType) {
        // only an Ethernet frame says what it carries in a way the dissector knows or not (its EtherType)
        return (linkType != LinkTypeNames.ETHERNET || f.protocol() != DecodedFrame.Protocol.UNKNOWN) && !f.hasExpert("malformed");
    }

    /**
     * An IP packet's own length must account for the frame: the link header and the IP total length
     * make the original length, or less in a frame padded to Ethernet's minimum. A real record shifted
     * by 4 bytes (a VLAN tag's worth, when every record's captured and original lengths are equal) reads
     * as a plausible chain of IPv4 frames with good ICRCs, each 4 bytes longer than its packet: this tells,
     * checked on every record of the chain (an ARP frame shifted so is no IP packet, the RoCE ones after it are).
     * Native InfiniBand frames (a VCRC after the packet) and ERF records (a header of their own) are not checked.
     */
    private static boolean lengthsAgree(DecodedFrame f, int linkType, long orig, int fcsBytes) {
        if (linkType == LinkTypeNames.INFINIBAND || linkType == LinkTypeNames.ERF || f.sourceOffset() < 0) return true;
        byte[] d = f.data();
        int so = f.sourceOffset();   // the source address: the IP header starts where its layout puts that field
        long end;
        if (f.addressType() == FieldType.IPV4) {
            int ip = so - Ipv4PacketLayout.OFF_SRC_ADDR, length = ip + Ipv4PacketLayout.OFF_TOTAL_LENGTH;
            if (ip < 0 || length + Ipv4PacketLayout.LEN_TOTAL_LENGTH > f.capturedLength()) return false;
            end = ip + BigEndian.read(d, length, Ipv4PacketLayout.LEN_TOTAL_LENGTH);   // the total length counts the header
        } else if (f.addressType() == FieldType.IPV6) {
            int ip = so - Ipv6PacketLayout.OFF_SRC_ADDR, length = ip + Ipv6PacketLayout.OFF_PAYLOAD_LENGTH;
            if (ip < 0 || length + Ipv6PacketLayout.LEN_PAYLOAD_LENGTH > f.capturedLength()) return false;
            end = ip + Ipv6PacketLayout.FIXED_SIZE + BigEndian.read(d, length, Ipv6PacketLayout.LEN_PAYLOAD_LENGTH);
        } else {
            return true;
        }
        // a short frame is padded up to the minimum; the FCS's room is allowed on top of it as well
        return end + fcsBytes == orig
            || (orig <= EthernetFrameLayout.MIN_FRAME_SIZE + EthernetFrameLayout.FCS_SIZE + fcsBytes && end < orig);
    }
}
