package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportFieldsKsy;
import io.rocescope.dissector.field.ksy.MacControlFieldsKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhFieldsKsy;
import io.rocescope.dissector.field.ksy.IbLrhFieldsKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentFieldsKsy;
import io.rocescope.dissector.field.ksy.EtherPayloadFieldsKsy;
import io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.LinuxSllFieldsKsy;
import io.rocescope.dissector.field.ksy.UdpDatagramFieldsKsy;
import io.rocescope.dissector.field.ksy.ArpPacketFieldsKsy;
import io.rocescope.dissector.field.ksy.IcmpPacketFieldsKsy;
import io.rocescope.dissector.field.ksy.Icmpv6PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.IpoibPacketFieldsKsy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.rocescope.dissector.field.Base.DEC;
import static io.rocescope.dissector.field.Base.HEX;
import static io.rocescope.dissector.field.Base.NONE;
import static io.rocescope.dissector.field.FieldType.*;

/**
 * The field registry (Wireshark's hf_ array): every field the dissector can emit, with its
 * Wireshark filter name where Wireshark has one and a name in the same style where it has none.
 */
public final class Fields {
    private Fields() {}

    private static final List<FieldDef> ALL = new ArrayList<>();
    private static final Map<String, FieldDef> BY_NAME = new LinkedHashMap<>();

    static FieldDef reg(String abbrev, String label, FieldType type, Base base, int hexDigits, ValueNames names) {
        FieldDef f = new FieldDef(ALL.size(), abbrev, label, type, base, hexDigits, names);
        ALL.add(f);
        if (BY_NAME.put(abbrev, f) != null) throw new IllegalStateException("duplicate field " + abbrev);
        return f;
    }
    static FieldDef proto(String abbrev, String label) { return reg(abbrev, label, PROTOCOL, NONE, 0, null); }
    static FieldDef dec(String abbrev, String label) { return reg(abbrev, label, UINT, DEC, 0, null); }
    static FieldDef dec(String abbrev, String label, ValueNames n) { return reg(abbrev, label, UINT, DEC, 0, n); }
    static FieldDef hex(String abbrev, String label, int digits) { return reg(abbrev, label, UINT, HEX, digits, null); }
    static FieldDef hex(String abbrev, String label, int digits, ValueNames n) { return reg(abbrev, label, UINT, HEX, digits, n); }
    static FieldDef bool(String abbrev, String label) { return reg(abbrev, label, BOOLEAN, DEC, 0, null); }
    static FieldDef of(String abbrev, String label, FieldType t) { return reg(abbrev, label, t, NONE, 0, null); }
    /** The registry entry a .ksy describes (generated into io.rocescope.dissector.field.ksy.*FieldsKsy). */
    static FieldDef ksy(FieldSpec s) {
        FieldDef f = switch (s.kind()) {
            case PROTOCOL -> proto(s.abbrev(), s.label());
            case DEC -> reg(s.abbrev(), s.label(), UINT, DEC, 0, s.names());
            case HEX -> reg(s.abbrev(), s.label(), UINT, HEX, s.hexDigits(), s.names());
            case BYTES -> of(s.abbrev(), s.label(), BYTES);
            case IPV4 -> of(s.abbrev(), s.label(), FieldType.IPV4);
            case IPV6 -> of(s.abbrev(), s.label(), FieldType.IPV6);
            case ETHER -> of(s.abbrev(), s.label(), ETHER);
            case BOOL -> bool(s.abbrev(), s.label());
            case STRING -> of(s.abbrev(), s.label(), FieldType.STRING);
            case DOUBLE -> of(s.abbrev(), s.label(), FieldType.DOUBLE);
        };
        f.wiresharkShows(s.wiresharkKind(), s.wiresharkDigits());
        return f;
    }
    /** Marks a field hidden: in the registry, -e, -Y and JSON, but not in the -V tree (Wireshark's hidden items). */
    static FieldDef hidden(FieldDef f) { f.hide(); return f; }

    // ---- frame (metadata, no bytes) ----
    public static final FieldDef FRAME = proto("frame", "Frame");
    public static final FieldDef FRAME_NUMBER = dec("frame.number", "Frame Number");
    public static final FieldDef FRAME_TIME_EPOCH = of("frame.time_epoch", "Epoch Time", ABSOLUTE_TIME);
    public static final FieldDef FRAME_TIME_RELATIVE = of("frame.time_relative", "Time since reference or first frame", RELATIVE_TIME);
    public static final FieldDef FRAME_LEN = dec("frame.len", "Frame Length");
    public static final FieldDef FRAME_CAP_LEN = dec("frame.cap_len", "Capture Length");
    public static final FieldDef FRAME_INTERFACE_ID = dec("frame.interface_id", "Interface id");
    public static final FieldDef FRAME_LINK_TYPE = dec("frame.link_type", "Link type", LinkTypeNames.NAMES);
    public static final FieldDef FRAME_TIME = reg("frame.time", "Arrival Time", ABSOLUTE_TIME, Base.DATE, 0, null);
    public static final FieldDef FRAME_TIME_DELTA = of("frame.time_delta", "Time delta from previous captured frame", RELATIVE_TIME);
    public static final FieldDef FRAME_TIME_DELTA_DISPLAYED = of("frame.time_delta_displayed", "Time delta from previous displayed frame", RELATIVE_TIME);
    /** The protocols of the frame, outermost first, as Wireshark names them ("eth:ethertype:ip:udp:infiniband"). */
    public static final FieldDef FRAME_PROTOCOLS = of("frame.protocols", "Protocols in frame", STRING);

    // ---- link layers ----
    public static final FieldDef ETH = ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME);
    public static final FieldDef ETH_DST = ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME_DST);
    public static final FieldDef ETH_SRC = ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME_SRC);
    /** Either address (hidden, as in Wireshark: after eth.dst and after eth.src). */
    public static final FieldDef ETH_ADDR = hidden(ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME_ADDR));
    public static final FieldDef ETH_TYPE = ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME_TYPE);
    public static final FieldDef ETH_TRAILER = ksy(EthernetFrameFieldsKsy.ETHERNET_FRAME_TRAILER);

    public static final FieldDef VLAN = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN);
    public static final FieldDef VLAN_PRIORITY = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN_PRIORITY);
    public static final FieldDef VLAN_DEI = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN_DEI);
    public static final FieldDef VLAN_ID = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN_ID);
    public static final FieldDef VLAN_ETYPE = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN_ETYPE);

    public static final FieldDef QINQ = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ);
    public static final FieldDef QINQ_PRIORITY = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ_PRIORITY);
    public static final FieldDef QINQ_DEI = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ_DEI);
    public static final FieldDef QINQ_ID = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ_ID);
    public static final FieldDef QINQ_ETYPE = ksy(EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ_ETYPE);

    public static final FieldDef SLL = ksy(LinuxSllFieldsKsy.LINUX_SLL);
    public static final FieldDef SLL_PKTTYPE = ksy(LinuxSllFieldsKsy.LINUX_SLL_PKTTYPE);
    public static final FieldDef SLL_HATYPE = ksy(LinuxSllFieldsKsy.LINUX_SLL_HATYPE);
    public static final FieldDef SLL_HALEN = ksy(LinuxSllFieldsKsy.LINUX_SLL_HALEN);
    public static final FieldDef SLL_SRC = ksy(LinuxSllFieldsKsy.LINUX_SLL_SRC);
    public static final FieldDef SLL_IFINDEX = ksy(LinuxSllFieldsKsy.LINUX_SLL_IFINDEX);
    public static final FieldDef SLL_ETYPE = ksy(LinuxSllFieldsKsy.LINUX_SLL_ETYPE);

    // IP over InfiniBand, as pcap link type 242 has it (Wireshark's WTAP_ENCAP_IP_OVER_IB_PCAP): a 40-byte
    // pseudo-header (the destination address, or the GRH the packet came with), then the 4-byte IPoIB header
    // (names, labels and bases are ksy/ipoib_packet.ksy's, as those of ARP, ICMP and ICMPv6 their .ksy's)
    public static final FieldDef IPOIB = ksy(IpoibPacketFieldsKsy.IPOIB_PACKET);
    public static final FieldDef IPOIB_DADDR = ksy(IpoibPacketFieldsKsy.DESTINATION_ADDRESS);
    public static final FieldDef IPOIB_DADDR_QPN = ksy(IpoibPacketFieldsKsy.DESTINATION_ADDRESS_QPN);
    public static final FieldDef IPOIB_GRH = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH);
    public static final FieldDef IPOIB_GRH_IPVER = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH_IPVER);
    public static final FieldDef IPOIB_GRH_TCLASS = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH_TCLASS);
    public static final FieldDef IPOIB_GRH_FLOWLABEL = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH_FLOWLABEL);
    public static final FieldDef IPOIB_GRH_SQPN = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH_SQPN);
    public static final FieldDef IPOIB_GRH_SGID = ksy(IpoibPacketFieldsKsy.PSEUDO_GRH_SGID);
    public static final FieldDef IPOIB_DGID = ksy(IpoibPacketFieldsKsy.IPOIB_PACKET_DGID);
    public static final FieldDef IPOIB_TYPE = ksy(IpoibPacketFieldsKsy.IPOIB_PACKET_TYPE);
    public static final FieldDef IPOIB_RESERVED = ksy(IpoibPacketFieldsKsy.IPOIB_PACKET_RESERVED);

    public static final FieldDef ARP = ksy(ArpPacketFieldsKsy.ARP_PACKET);
    public static final FieldDef ARP_OPCODE = ksy(ArpPacketFieldsKsy.ARP_PACKET_OPCODE);
    public static final FieldDef ARP_SRC_HW = ksy(ArpPacketFieldsKsy.ARP_PACKET_SRC_HW_MAC);
    public static final FieldDef ARP_SRC_IP = ksy(ArpPacketFieldsKsy.ARP_PACKET_SRC_PROTO_IPV4);
    public static final FieldDef ARP_DST_HW = ksy(ArpPacketFieldsKsy.ARP_PACKET_DST_HW_MAC);
    public static final FieldDef ARP_DST_IP = ksy(ArpPacketFieldsKsy.ARP_PACKET_DST_PROTO_IPV4);
    /** A hardware address other than a MAC (IPoIB's 20 bytes: QPN and GID), as bytes. */
    public static final FieldDef ARP_SRC_HW_BYTES = ksy(ArpPacketFieldsKsy.ARP_PACKET_SRC_HW);
    public static final FieldDef ARP_DST_HW_BYTES = ksy(ArpPacketFieldsKsy.ARP_PACKET_DST_HW);

    // ---- MAC control: PAUSE and PFC (names, labels and bases are ksy/mac_control.ksy's) ----
    public static final FieldDef MACC = ksy(MacControlFieldsKsy.MAC_CONTROL);
    public static final FieldDef MACC_OPCODE = ksy(MacControlFieldsKsy.MAC_CONTROL_OPCODE);
    public static final FieldDef MACC_PAUSE_TIME = ksy(MacControlFieldsKsy.MAC_CONTROL_PAUSE_TIME);
    public static final FieldDef MACC_CBFC_ENBV = ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV);
    /** Per priority: its bit of the class enable vector, then (all eight bits first) its pause time. */
    public static final FieldDef[] MACC_CBFC_ENBV_C = {
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C0), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C1),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C2), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C3),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C4), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C5),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C6), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_ENBV_C7)};
    public static final FieldDef[] MACC_CBFC_PAUSE_TIME_C = {
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C0), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C1),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C2), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C3),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C4), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C5),
        ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C6), ksy(MacControlFieldsKsy.MAC_CONTROL_CBFC_PAUSE_TIME_C7)};

    // ---- IPv4 / IPv6 ----
    public static final FieldDef IP = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET);
    public static final FieldDef IP_VERSION = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_VERSION);
    public static final FieldDef IP_HDR_LEN = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_HDR_LEN);
    public static final FieldDef IP_DSCP = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_DSCP);
    public static final FieldDef IP_ECN = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_ECN);
    public static final FieldDef IP_LEN = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_LEN);
    public static final FieldDef IP_ID = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_ID);
    public static final FieldDef IP_FLAGS = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_FLAGS);
    public static final FieldDef IP_FLAGS_RB = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_FLAGS_RB);
    public static final FieldDef IP_FLAGS_DF = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_FLAGS_DF);
    public static final FieldDef IP_FLAGS_MF = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_FLAGS_MF);
    public static final FieldDef IP_FRAG_OFFSET = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_FRAG_OFFSET);
    public static final FieldDef IP_TTL = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_TTL);
    public static final FieldDef IP_PROTO = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_PROTO);
    public static final FieldDef IP_CHECKSUM = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_CHECKSUM);
    public static final FieldDef IP_SRC = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_SRC);
    public static final FieldDef IP_DST = ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_DST);
    public static final FieldDef IP_ADDR = hidden(ksy(Ipv4PacketFieldsKsy.IPV4_PACKET_ADDR));

    public static final FieldDef IPV6 = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET);
    public static final FieldDef IPV6_VERSION = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_VERSION);
    public static final FieldDef IPV6_TCLASS = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_TCLASS);
    public static final FieldDef IPV6_DSCP = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_DSCP);
    public static final FieldDef IPV6_ECN = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_ECN);
    public static final FieldDef IPV6_FLOW = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_FLOW);
    public static final FieldDef IPV6_PLEN = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_PLEN);
    public static final FieldDef IPV6_NXT = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_NXT);
    public static final FieldDef IPV6_HLIM = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_HLIM);
    public static final FieldDef IPV6_SRC = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_SRC);
    public static final FieldDef IPV6_DST = ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_DST);
    public static final FieldDef IPV6_ADDR = hidden(ksy(Ipv6PacketFieldsKsy.IPV6_PACKET_ADDR));

    public static final FieldDef ICMP = ksy(IcmpPacketFieldsKsy.ICMP_PACKET);
    public static final FieldDef ICMP_TYPE = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_TYPE);
    public static final FieldDef ICMP_CODE = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_CODE);
    public static final FieldDef ICMP_CHECKSUM = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_CHECKSUM);
    public static final FieldDef ICMP_IDENT = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_IDENT);
    public static final FieldDef ICMP_SEQ = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_SEQ);
    public static final FieldDef ICMP_MTU = ksy(IcmpPacketFieldsKsy.ICMP_PACKET_MTU);

    public static final FieldDef ICMPV6 = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET);
    public static final FieldDef ICMPV6_TYPE = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_TYPE);
    public static final FieldDef ICMPV6_CODE = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_CODE);
    public static final FieldDef ICMPV6_CHECKSUM = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_CHECKSUM);
    public static final FieldDef ICMPV6_ECHO_ID = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_ECHO_IDENTIFIER);
    public static final FieldDef ICMPV6_ECHO_SEQ = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_ECHO_SEQUENCE_NUMBER);
    public static final FieldDef ICMPV6_NS_TARGET = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NS_TARGET_ADDRESS);
    public static final FieldDef ICMPV6_NA_FLAG = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NA_FLAG);
    public static final FieldDef ICMPV6_NA_FLAG_R = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NA_FLAG_R);
    public static final FieldDef ICMPV6_NA_FLAG_S = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NA_FLAG_S);
    public static final FieldDef ICMPV6_NA_FLAG_O = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NA_FLAG_O);
    public static final FieldDef ICMPV6_NA_TARGET = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_NA_TARGET_ADDRESS);
    public static final FieldDef ICMPV6_OPT = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT);
    public static final FieldDef ICMPV6_OPT_TYPE = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT_TYPE);
    public static final FieldDef ICMPV6_OPT_LENGTH = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT_LENGTH);
    public static final FieldDef ICMPV6_OPT_LINKADDR = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT_LINKADDR);
    public static final FieldDef ICMPV6_OPT_SRC_LINKADDR = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT_SRC_LINKADDR);
    public static final FieldDef ICMPV6_OPT_TARGET_LINKADDR = ksy(Icmpv6PacketFieldsKsy.ICMPV6_PACKET_OPT_TARGET_LINKADDR);

    // ---- UDP / TCP ----
    public static final FieldDef UDP = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM);
    public static final FieldDef UDP_SRCPORT = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_SRCPORT);
    public static final FieldDef UDP_DSTPORT = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_DSTPORT);
    public static final FieldDef UDP_PORT = hidden(ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_PORT));
    public static final FieldDef UDP_LENGTH = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_LENGTH);
    public static final FieldDef UDP_CHECKSUM = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_CHECKSUM);
    public static final FieldDef UDP_PAYLOAD = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_PAYLOAD);
    /** The conversation's index (5-tuple, either direction), from 0 in order of first appearance. */
    public static final FieldDef UDP_STREAM = ksy(UdpDatagramFieldsKsy.UDP_DATAGRAM_STREAM);

    // TCP: names, labels and bases are ksy/tcp_segment.ksy's
    public static final FieldDef TCP = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT);
    public static final FieldDef TCP_SRCPORT = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_SRCPORT);
    public static final FieldDef TCP_DSTPORT = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_DSTPORT);
    public static final FieldDef TCP_PORT = hidden(ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_PORT));
    public static final FieldDef TCP_STREAM = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_STREAM);
    /** Relative to the first sequence number seen in that direction, as Wireshark's default. */
    public static final FieldDef TCP_SEQ = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_SEQ);
    public static final FieldDef TCP_SEQ_RAW = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_SEQ_RAW);
    public static final FieldDef TCP_ACK = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_ACK);
    public static final FieldDef TCP_ACK_RAW = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_ACK_RAW);
    public static final FieldDef TCP_HDR_LEN = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_HDR_LEN);
    public static final FieldDef TCP_FLAGS = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS);
    public static final FieldDef TCP_FLAGS_ACK = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS_ACK);
    public static final FieldDef TCP_FLAGS_PUSH = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS_PUSH);
    public static final FieldDef TCP_FLAGS_RESET = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS_RESET);
    public static final FieldDef TCP_FLAGS_SYN = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS_SYN);
    public static final FieldDef TCP_FLAGS_FIN = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_FLAGS_FIN);
    public static final FieldDef TCP_WINDOW = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_WINDOW);
    public static final FieldDef TCP_CHECKSUM = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_CHECKSUM);
    public static final FieldDef TCP_URGENT = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_URGENT);
    public static final FieldDef TCP_OPTIONS_LEN = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_OPTIONS_LEN);
    public static final FieldDef TCP_LEN = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_LEN);
    public static final FieldDef TCP_PAYLOAD = ksy(TcpSegmentFieldsKsy.TCP_SEGMENT_PAYLOAD);

    // ---- InfiniBand transport ----
    public static final FieldDef IB = ksy(IbTransportFieldsKsy.IB_TRANSPORT);
    // the GRH: names, labels and bases are ksy/roce_v1_grh.ksy's
    public static final FieldDef GRH = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH);
    public static final FieldDef GRH_IPVER = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_IPVER);
    public static final FieldDef GRH_TCLASS = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_TCLASS);
    public static final FieldDef GRH_FLOWLABEL = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_FLOWLABEL);
    public static final FieldDef GRH_PAYLEN = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_PAYLEN);
    public static final FieldDef GRH_NXTHDR = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_NXTHDR);
    public static final FieldDef GRH_HOPLMT = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_HOPLMT);
    public static final FieldDef GRH_SGID = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_SGID);
    public static final FieldDef GRH_DGID = ksy(RoceV1GrhFieldsKsy.ROCE_V1_GRH_DGID);

    // native InfiniBand (ERF, DLT_INFINIBAND): the Local Route Header and the variant CRC: names, labels and bases are ksy/ib_lrh.ksy's
    public static final FieldDef LRH = ksy(IbLrhFieldsKsy.IB_LRH);
    public static final FieldDef LRH_VL = ksy(IbLrhFieldsKsy.IB_LRH_VL);
    public static final FieldDef LRH_LVER = ksy(IbLrhFieldsKsy.IB_LRH_LVER);
    public static final FieldDef LRH_SL = ksy(IbLrhFieldsKsy.IB_LRH_SL);
    public static final FieldDef LRH_RESERVED2 = ksy(IbLrhFieldsKsy.IB_LRH_RESERVED2);
    public static final FieldDef LRH_LNH = ksy(IbLrhFieldsKsy.IB_LRH_LNH);
    public static final FieldDef LRH_DLID = ksy(IbLrhFieldsKsy.IB_LRH_DLID);
    public static final FieldDef LRH_RESERVED5 = ksy(IbLrhFieldsKsy.IB_LRH_RESERVED5);
    public static final FieldDef LRH_PKTLEN = ksy(IbLrhFieldsKsy.IB_LRH_PKTLEN);
    public static final FieldDef LRH_SLID = ksy(IbLrhFieldsKsy.IB_LRH_SLID);
    public static final FieldDef VARIANT_CRC = ksy(IbLrhFieldsKsy.IB_LRH_VARIANT_CRC);
    /** good or bad (the ordinal of DecodedFrame.IcrcStatus), as infiniband.icrc.status. */
    public static final FieldDef VCRC_STATUS = reg("infiniband.vcrc.status", "VCRC status", STRING, NONE, 0,
        ValueNames.table("", "good", "bad", "unchecked"));
    public static final FieldDef VCRC_EXPECTED = hex("infiniband.vcrc.expected", "VCRC expected", 4);

    // BTH and the extended headers: names, labels and bases are ksy/ib_transport.ksy's (-wireshark, -label, -fields)
    public static final FieldDef BTH = ksy(IbTransportFieldsKsy.BTH);
    public static final FieldDef BTH_OPCODE = ksy(IbTransportFieldsKsy.BTH_OPCODE);
    public static final FieldDef BTH_SE = ksy(IbTransportFieldsKsy.BTH_SE);
    public static final FieldDef BTH_M = ksy(IbTransportFieldsKsy.BTH_M);
    public static final FieldDef BTH_PADCNT = ksy(IbTransportFieldsKsy.BTH_PADCNT);
    public static final FieldDef BTH_TVER = ksy(IbTransportFieldsKsy.BTH_TVER);
    public static final FieldDef BTH_P_KEY = ksy(IbTransportFieldsKsy.BTH_P_KEY);
    public static final FieldDef BTH_FECN = ksy(IbTransportFieldsKsy.BTH_FECN);
    public static final FieldDef BTH_BECN = ksy(IbTransportFieldsKsy.BTH_BECN);
    public static final FieldDef BTH_RESERVED6 = ksy(IbTransportFieldsKsy.BTH_RESERVED6);
    public static final FieldDef BTH_DESTQP = ksy(IbTransportFieldsKsy.BTH_DESTQP);
    public static final FieldDef BTH_A = ksy(IbTransportFieldsKsy.BTH_A);
    public static final FieldDef BTH_RESERVED7 = ksy(IbTransportFieldsKsy.BTH_RESERVED7);
    public static final FieldDef BTH_PSN = ksy(IbTransportFieldsKsy.BTH_PSN);

    public static final FieldDef XRCETH = ksy(IbTransportFieldsKsy.XRCETH);
    public static final FieldDef XRCETH_XRCSRQ = ksy(IbTransportFieldsKsy.XRCETH_XRCSRQ);

    public static final FieldDef RDETH = ksy(IbTransportFieldsKsy.RDETH);
    public static final FieldDef RDETH_EECNXT = ksy(IbTransportFieldsKsy.RDETH_EECNXT);

    public static final FieldDef DETH = ksy(IbTransportFieldsKsy.DETH);
    public static final FieldDef DETH_Q_KEY = ksy(IbTransportFieldsKsy.DETH_Q_KEY);
    public static final FieldDef DETH_SRCQP = ksy(IbTransportFieldsKsy.DETH_SRCQP);

    public static final FieldDef FETH = ksy(IbTransportFieldsKsy.FETH);
    public static final FieldDef FETH_SEL = ksy(IbTransportFieldsKsy.FETH_SEL);
    public static final FieldDef FETH_PLT = ksy(IbTransportFieldsKsy.FETH_PLT);

    public static final FieldDef RETH = ksy(IbTransportFieldsKsy.RETH);
    public static final FieldDef RETH_VA = ksy(IbTransportFieldsKsy.RETH_VA);
    public static final FieldDef RETH_R_KEY = ksy(IbTransportFieldsKsy.RETH_R_KEY);
    public static final FieldDef RETH_DMALEN = ksy(IbTransportFieldsKsy.RETH_DMALEN);

    public static final FieldDef ATOMICETH = ksy(IbTransportFieldsKsy.ATOMIC_ETH);
    public static final FieldDef ATOMICETH_VA = ksy(IbTransportFieldsKsy.ATOMIC_ETH_VA);
    public static final FieldDef ATOMICETH_R_KEY = ksy(IbTransportFieldsKsy.ATOMIC_ETH_R_KEY);
    public static final FieldDef ATOMICETH_SWAPDT = ksy(IbTransportFieldsKsy.ATOMIC_ETH_SWAPDT);
    public static final FieldDef ATOMICETH_CMPDT = ksy(IbTransportFieldsKsy.ATOMIC_ETH_CMPDT);

    public static final FieldDef AETH = ksy(IbTransportFieldsKsy.AETH);
    public static final FieldDef AETH_SYNDROME = ksy(IbTransportFieldsKsy.AETH_SYNDROME);
    public static final FieldDef AETH_SYN_RESERVED = ksy(IbTransportFieldsKsy.AETH_SYN_RESERVED);
    public static final FieldDef AETH_SYN_TYPE = ksy(IbTransportFieldsKsy.AETH_SYN_TYPE);
    public static final FieldDef AETH_SYN_CREDIT = ksy(IbTransportFieldsKsy.AETH_SYN_CREDIT);
    public static final FieldDef AETH_SYN_TIMER = ksy(IbTransportFieldsKsy.AETH_SYN_TIMER);
    public static final FieldDef AETH_SYN_RESERVED_VALUE = ksy(IbTransportFieldsKsy.AETH_SYN_RESERVED_VALUE);
    public static final FieldDef AETH_SYN_ERROR = ksy(IbTransportFieldsKsy.AETH_SYN_ERROR);
    public static final FieldDef AETH_MSN = ksy(IbTransportFieldsKsy.AETH_MSN);

    public static final FieldDef ATOMICACKETH = ksy(IbTransportFieldsKsy.ATOMIC_ACK_ETH);
    public static final FieldDef ATOMICACKETH_ORIGREMDT = ksy(IbTransportFieldsKsy.ATOMIC_ACK_ETH_ORIGREMDT);

    public static final FieldDef IMMDT = ksy(IbTransportFieldsKsy.IMMDT);
    public static final FieldDef IETH = ksy(IbTransportFieldsKsy.IETH);

    public static final FieldDef CNP = ksy(IbTransportFieldsKsy.CNP_PADDING);
    public static final FieldDef CNP_RESERVED = ksy(IbTransportFieldsKsy.CNP_PADDING_RESERVED);

    public static final FieldDef PAYLOAD = ksy(IbTransportFieldsKsy.IB_TRANSPORT_PAYLOAD);
    public static final FieldDef PAD = ksy(IbTransportFieldsKsy.IB_TRANSPORT_PAD);
    public static final FieldDef INVARIANT_CRC = ksy(IbTransportFieldsKsy.IB_TRANSPORT_ICRC);
    /** A word chosen by value (the ordinal of DecodedFrame.IcrcStatus): no object per frame. */
    public static final FieldDef ICRC_STATUS = reg("infiniband.icrc.status", "ICRC status", STRING, NONE, 0,
        ValueNames.table("", "good", "bad", "unchecked"));
    public static final FieldDef ICRC_FOUND = hex("infiniband.icrc.found", "ICRC found (CRC-32 value, LSB first on the wire)", 8);
    public static final FieldDef ICRC_EXPECTED = hex("infiniband.icrc.expected", "ICRC expected", 8);

    public static final FieldDef DATA = of("data.data", "Data", BYTES);
    public static final FieldDef DATA_LEN = dec("data.len", "Length");

    // ---- Wireshark's own: expert info and columns, computed from the frame (never recorded; see ComputedFields) ----
    public static final FieldDef WS_MALFORMED = proto("_ws.malformed", "Malformed Packet");
    public static final FieldDef WS_EXPERT = proto("_ws.expert", "Expert Info");
    public static final FieldDef WS_EXPERT_MESSAGE = of("_ws.expert.message", "Message", STRING);
    public static final FieldDef WS_EXPERT_SEVERITY = dec("_ws.expert.severity", "Severity level");
    public static final FieldDef WS_EXPERT_GROUP = dec("_ws.expert.group", "Group");
    // tshark 4.0 names a column field after the column's title; Wireshark 4.2 uses the lower-case names
    public static final FieldDef COL_INFO = of("_ws.col.Info", "Info", STRING);
    public static final FieldDef COL_PROTOCOL = of("_ws.col.Protocol", "Protocol", STRING);
    public static final FieldDef COL_SOURCE = of("_ws.col.Source", "Source", STRING);
    public static final FieldDef COL_DESTINATION = of("_ws.col.Destination", "Destination", STRING);
    public static final FieldDef COL_INFO_42 = of("_ws.col.info", "Information", STRING);
    public static final FieldDef COL_PROTOCOL_42 = of("_ws.col.protocol", "Protocol", STRING);
    public static final FieldDef COL_SOURCE_42 = of("_ws.col.def_src", "Source address", STRING);
    public static final FieldDef COL_DESTINATION_42 = of("_ws.col.def_dst", "Destination address", STRING);

    // Wireshark has no AtomicETH VA / R_Key fields of its own: it files them as RETH's (hf_infiniband_va,
    // hf_infiniband_r_key). Ours stay, and the Wireshark names select the same values.
    static {
        ATOMICETH_VA.alias(RETH_VA);
        ATOMICETH_R_KEY.alias(RETH_R_KEY);
    }

    // The CM and perftest registries add their fields here, before anyone asks for the list.
    static {
        CmFields.register();
        PerftestFields.register();
        PingpongFields.register();
        // last: the described extended headers on the class path (none in the product), so no id above moves
        ExtendedHeaders.register();
    }

    /**
     * The fields of the data path (frame metadata, Ethernet, 802.1Q, IPv4, IPv6, UDP and the whole
     * InfiniBand transport): the one-line views and the flow tracker read their values from the frame
     * itself instead (DecodedFrame's addresses, ports and ECN, and IbHeaders, as Wireshark's packet
     * info), so a decode for those ({@link FieldInterest#summary()}) records none of them: a RoCE data
     * frame then costs no field at all. -e and -Y add back what they name; the tree has them all.
     */
    private static final List<FieldDef> DETAIL = List.of(
        FRAME, FRAME_NUMBER, FRAME_TIME_EPOCH, FRAME_TIME_RELATIVE, FRAME_LEN, FRAME_CAP_LEN, FRAME_INTERFACE_ID,
        FRAME_LINK_TYPE,
        ETH, ETH_DST, ETH_SRC, ETH_TYPE, ETH_TRAILER,
        VLAN, VLAN_PRIORITY, VLAN_DEI, VLAN_ID, VLAN_ETYPE, QINQ, QINQ_PRIORITY, QINQ_DEI, QINQ_ID, QINQ_ETYPE,
        IP, IP_VERSION, IP_HDR_LEN, IP_DSCP, IP_ECN, IP_LEN, IP_ID, IP_FLAGS, IP_FRAG_OFFSET, IP_TTL, IP_PROTO,
        IP_CHECKSUM, IP_SRC, IP_DST,
        IPV6, IPV6_VERSION, IPV6_TCLASS, IPV6_DSCP, IPV6_ECN, IPV6_FLOW, IPV6_PLEN, IPV6_NXT, IPV6_HLIM, IPV6_SRC,
        IPV6_DST,
        UDP, UDP_SRCPORT, UDP_DSTPORT, UDP_LENGTH, UDP_CHECKSUM, UDP_PAYLOAD,
        // the whole transport: its values are on the frame as IbHeaders, whether or not the tree is built
        IB, BTH, BTH_OPCODE, BTH_SE, BTH_M, BTH_PADCNT, BTH_TVER, BTH_P_KEY, BTH_FECN, BTH_BECN, BTH_RESERVED6,
        BTH_DESTQP, BTH_A, BTH_RESERVED7, BTH_PSN,
        XRCETH, XRCETH_XRCSRQ, RDETH, RDETH_EECNXT, DETH, DETH_Q_KEY, DETH_SRCQP, FETH, FETH_SEL, FETH_PLT,
        RETH, RETH_VA, RETH_R_KEY, RETH_DMALEN, ATOMICETH, ATOMICETH_VA, ATOMICETH_R_KEY, ATOMICETH_SWAPDT,
        ATOMICETH_CMPDT, AETH, AETH_SYNDROME, AETH_SYN_RESERVED, AETH_SYN_TYPE, AETH_SYN_CREDIT, AETH_SYN_TIMER,
        AETH_SYN_RESERVED_VALUE, AETH_SYN_ERROR, AETH_MSN, ATOMICACKETH, ATOMICACKETH_ORIGREMDT, IMMDT, IETH,
        CNP, CNP_RESERVED, PAYLOAD, PAD, INVARIANT_CRC, ICRC_STATUS, ICRC_FOUND, ICRC_EXPECTED,
        // the standard fields users type (none of them is read by the one-line views or the tracker)
        FRAME_TIME, FRAME_TIME_DELTA, FRAME_TIME_DELTA_DISPLAYED, FRAME_PROTOCOLS, ETH_ADDR, IP_FLAGS_RB, IP_FLAGS_DF,
        IP_FLAGS_MF, IP_ADDR, IPV6_ADDR, UDP_PORT, UDP_STREAM, TCP_PORT, TCP_STREAM, TCP_SEQ, TCP_ACK,
        DATA, DATA_LEN);

    /**
     * Fields whose value depends on the frames before (time deltas, stream indexes, relative sequence
     * numbers): a decode that records one runs in capture order on one thread ({@link FieldInterest#needsOrder()}).
     */
    private static final List<FieldDef> ORDERED = List.of(
        FRAME_TIME_DELTA, FRAME_TIME_DELTA_DISPLAYED, UDP_STREAM, TCP_STREAM, TCP_SEQ, TCP_ACK);

    public static List<FieldDef> ordered() { return ORDERED; }

    /** The fields a summary decode skips (see {@link #DETAIL}). */
    public static List<FieldDef> detail() { return DETAIL; }

    /** Every registered field, in registration order (ids are indexes into this list). */
    public static List<FieldDef> all() { return Collections.unmodifiableList(ALL); }

    public static FieldDef byId(int id) { return ALL.get(id); }

    /** The field with this filter name, or null. */
    public static FieldDef byName(String abbrev) { return BY_NAME.get(abbrev); }
}
