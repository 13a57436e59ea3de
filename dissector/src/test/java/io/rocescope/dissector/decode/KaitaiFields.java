package io.rocescope.dissector.decode;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocescope.dissector.kaitai.ArpPacket;
import io.rocescope.dissector.kaitai.EtherPayload;
import io.rocescope.dissector.kaitai.EthernetFrame;
import io.rocescope.dissector.kaitai.IbMad;
import io.rocescope.dissector.kaitai.IbTransport;
import io.rocescope.dissector.kaitai.IcmpPacket;
import io.rocescope.dissector.kaitai.Icmpv6Packet;
import io.rocescope.dissector.kaitai.IpoibPacket;
import io.rocescope.dissector.kaitai.Ipv4Packet;
import io.rocescope.dissector.kaitai.Ipv6Packet;
import io.rocescope.dissector.kaitai.LinuxSll;
import io.rocescope.dissector.kaitai.LinuxSll2;
import io.rocescope.dissector.kaitai.MacControl;
import io.rocescope.dissector.kaitai.IbLrh;
import io.rocescope.dissector.kaitai.RoceV1Grh;
import io.rocescope.dissector.kaitai.TcpSegment;
import io.rocescope.dissector.kaitai.UdpDatagram;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a frame with the parsers generated from ksy/ and names every value the way our field
 * registry does, so that the two decoders can be compared field by field.
 */
final class KaitaiFields {
    private KaitaiFields() {}

    static Map<String, Long> ethernet(byte[] frame) {
        Map<String, Long> m = new LinkedHashMap<>();
        EthernetFrame e = new EthernetFrame(new ByteBufferKaitaiStream(frame));
        m.put("eth.type", (long) e.etherType());
        payload(m, e.body());
        return m;
    }

    /** A native InfiniBand packet (DLT_INFINIBAND, an ERF record's payload): LRH, GRH if global, transport, VCRC. */
    static Map<String, Long> infiniband(byte[] frame) {
        Map<String, Long> m = new LinkedHashMap<>();
        IbLrh l = new IbLrh(new ByteBufferKaitaiStream(frame));
        m.put("infiniband.lrh.vl", l.vl());
        m.put("infiniband.lrh.lver", l.lver());
        m.put("infiniband.lrh.sl", l.sl());
        m.put("infiniband.lrh.reserved2", l.reserved2());
        m.put("infiniband.lrh.lnh", l.lnh().id());
        m.put("infiniband.lrh.dlid", (long) l.dlid());
        m.put("infiniband.lrh.reserved5", l.reserved5());
        m.put("infiniband.lrh.pktlen", l.pktlen());
        m.put("infiniband.lrh.slid", (long) l.slid());
        m.put("infiniband.variant.crc", (long) l.variantCrc());
        if (l.body() instanceof RoceV1Grh g) {
            grh(m, g);
        } else if (l.body() instanceof IbTransport ib) {
            ib(m, ib);
        }
        return m;
    }

    static Map<String, Long> sll(byte[] frame) {
        Map<String, Long> m = new LinkedHashMap<>();
        LinuxSll s = new LinuxSll(new ByteBufferKaitaiStream(frame));
        m.put("sll.pkttype", (long) s.packetType());
        m.put("sll.hatype", (long) s.arphrdType());
        m.put("sll.halen", (long) s.addrLength());
        m.put("sll.etype", (long) s.protocol());
        payload(m, s.body());
        return m;
    }

    static Map<String, Long> sll2(byte[] frame) {
        Map<String, Long> m = new LinkedHashMap<>();
        LinuxSll2 s = new LinuxSll2(new ByteBufferKaitaiStream(frame));
        m.put("sll.etype", (long) s.protocol());
        m.put("sll.ifindex", s.interfaceIndex());
        m.put("sll.hatype", (long) s.arphrdType());
        m.put("sll.pkttype", (long) s.packetType());
        m.put("sll.halen", (long) s.addrLength());
        payload(m, s.body());
        return m;
    }

    private static void payload(Map<String, Long> m, EtherPayload p) {
        Object body = p.body();
        if (body instanceof EtherPayload.VlanTag t) {
            String prefix = p.etherType() == 0x8100 ? "vlan" : "ieee8021ad";
            m.putIfAbsent(prefix + ".priority", t.pcp());
            m.putIfAbsent(prefix + ".dei", t.dei() ? 1L : 0L);
            m.putIfAbsent(prefix + ".id", t.vid());
            m.putIfAbsent(prefix + ".etype", (long) t.etherType());
            payload(m, t.body());
        } else {
            network(m, body);
        }
    }

    /** IP over InfiniBand (DLT_IPOIB): the pseudo-header in either form, the IPoIB header, then IPv4, IPv6 or ARP. */
    static Map<String, Long> ipoib(byte[] frame) {
        Map<String, Long> m = new LinkedHashMap<>();
        IpoibPacket p = new IpoibPacket(new ByteBufferKaitaiStream(frame));
        if (p.pseudoHeader() instanceof IpoibPacket.PseudoDestination d) {
            m.put("ipoib.daddr.qpn", d.daddr().qpn());
        } else if (p.pseudoHeader() instanceof IpoibPacket.PseudoGrh g) {
            m.put("ipoib.grh.ipver", g.ipVersion());
            m.put("ipoib.grh.tclass", g.trafficClass());
            m.put("ipoib.grh.flowlabel", g.flowLabel());
            m.put("ipoib.grh.sqpn", g.sqpn());
        }
        m.put("ipoib.type", (long) p.type());
        m.put("ipoib.reserved", (long) p.reserved());
        network(m, p.body());
        return m;
    }

    /** What an EtherType names: IPv4, IPv6, RoCEv1's GRH, MAC Control, ARP. */
    private static void network(Map<String, Long> m, Object body) {
        if (body instanceof Ipv4Packet ip) {
            m.put("ip.version", ip.version());
            m.put("ip.hdr_len", ip.ihl() * 4);
            m.put("ip.dsfield.dscp", ip.dscp());
            m.put("ip.dsfield.ecn", ip.ecn());
            m.put("ip.len", (long) ip.totalLength());
            m.put("ip.id", (long) ip.identification());
            m.put("ip.flags", ip.flags());
            m.put("ip.frag_offset", ip.fragmentOffset());
            m.put("ip.ttl", (long) ip.ttl());
            m.put("ip.proto", (long) ip.protocol());
            m.put("ip.checksum", (long) ip.headerChecksum());
            m.put("ip.src", u32(ip.srcAddr()));
            m.put("ip.dst", u32(ip.dstAddr()));
            transport(m, ip.body());
        } else if (body instanceof Ipv6Packet ip) {
            m.put("ipv6.version", ip.version());
            m.put("ipv6.tclass.dscp", ip.dscp());
            m.put("ipv6.tclass.ecn", ip.ecn());
            m.put("ipv6.flow", ip.flowLabel());
            m.put("ipv6.plen", (long) ip.payloadLength());
            m.put("ipv6.nxt", (long) ip.nextHeader());
            m.put("ipv6.hlim", (long) ip.hopLimit());
            transport(m, ip.body());
        } else if (body instanceof RoceV1Grh g) {
            grh(m, g);
        } else if (body instanceof MacControl mc) {
            m.put("macc.opcode", (long) mc.opcode());
            if (mc.body() instanceof MacControl.Pause pause) m.put("macc.pause_time", (long) pause.pauseTime());
            if (mc.body() instanceof MacControl.Pfc pfc) {
                m.put("macc.cbfc.enbv", (long) pfc.classEnableVector());
                for (int c = 0; c < 8; c++) m.put("macc.cbfc.enbv.c" + c, (long) (pfc.classEnableVector() >>> c) & 1);
                for (int c = 0; c < 8; c++) m.put("macc.cbfc.pause_time.c" + c, (long) pfc.pauseTimes().get(c));
            }
        } else if (body instanceof ArpPacket arp) {
            m.put("arp.opcode", (long) arp.opcode());
            if (arp.addresses() instanceof ArpPacket.EtherIpv4Addresses a) {
                m.put("arp.src.hw_mac", number(a.srcHw()));
                m.put("arp.src.proto_ipv4", u32(a.srcProto()));
                m.put("arp.dst.hw_mac", number(a.dstHw()));
                m.put("arp.dst.proto_ipv4", u32(a.dstProto()));
            } else if (arp.addresses() instanceof ArpPacket.Addresses a && arp.protoSize() == 4) {
                m.put("arp.src.hw", (long) a.srcHw().length);   // bytes: compared by length
                m.put("arp.src.proto_ipv4", u32(a.srcProto()));
                m.put("arp.dst.hw", (long) a.dstHw().length);
                m.put("arp.dst.proto_ipv4", u32(a.dstProto()));
            }
        }
    }

    /** A big-endian number of up to 8 bytes (a MAC address as the registry holds its value). */
    static long number(byte[] b) {
        long v = 0;
        for (byte x : b) v = (v << 8) | (x & 0xFF);
        return v;
    }

    private static void icmp(Map<String, Long> m, IcmpPacket c) {
        m.put("icmp.type", (long) c.type());
        m.put("icmp.code", (long) c.code());
        m.put("icmp.checksum", (long) c.checksum());
        if (c.body() instanceof IcmpPacket.Echo e) {
            m.put("icmp.ident", (long) e.identifier());
            m.put("icmp.seq", (long) e.sequence());
        } else if (c.body() instanceof IcmpPacket.Unreachable u && c.code() == 4) {   // fragmentation needed
            m.put("icmp.mtu", (long) u.nextHopMtu());
        }
    }

    private static void icmpv6(Map<String, Long> m, Icmpv6Packet c) {
        m.put("icmpv6.type", (long) c.type());
        m.put("icmpv6.code", (long) c.code());
        m.put("icmpv6.checksum", (long) c.checksum());
        java.util.List<Icmpv6Packet.NdOption> options = java.util.List.of();
        if (c.body() instanceof Icmpv6Packet.Echo e) {
            m.put("icmpv6.echo.identifier", (long) e.identifier());
            m.put("icmpv6.echo.sequence_number", (long) e.sequenceNumber());
        } else if (c.body() instanceof Icmpv6Packet.NeighborAdvertisement na) {
            m.put("icmpv6.nd.na.flag.r", na.router() ? 1L : 0L);
            m.put("icmpv6.nd.na.flag.s", na.solicited() ? 1L : 0L);
            m.put("icmpv6.nd.na.flag.o", na.override() ? 1L : 0L);
            options = na.options();
        } else if (c.body() instanceof Icmpv6Packet.NeighborSolicitation ns) {
            options = ns.options();
        } else if (c.body() instanceof Icmpv6Packet.RouterSolicitation rs) {
            options = rs.options();
        } else if (c.body() instanceof Icmpv6Packet.RouterAdvertisement ra) {
            options = ra.options();
        }
        for (Icmpv6Packet.NdOption o : options) {   // the first option's, as the comparison's first occurrence
            m.putIfAbsent("icmpv6.opt.type", (long) o.type());
            m.putIfAbsent("icmpv6.opt.length", (long) o.length());
            if (o.body() instanceof Icmpv6Packet.LinkLayerAddress a && o.length() == 1) {
                m.putIfAbsent("icmpv6.opt.linkaddr", number(a.address()));
            }
        }
    }

    /** A GRH (RoCEv1's, or native InfiniBand's after the LRH) and the transport it carries. */
    private static void grh(Map<String, Long> m, RoceV1Grh g) {
        m.put("infiniband.grh.ipver", g.ipVersion());
        m.put("infiniband.grh.tclass", g.trafficClass());
        m.put("infiniband.grh.flowlabel", g.flowLabel());
        m.put("infiniband.grh.paylen", (long) g.payloadLength());
        m.put("infiniband.grh.nxthdr", (long) g.nextHeader());
        m.put("infiniband.grh.hoplmt", (long) g.hopLimit());
        if (g.body() instanceof IbTransport ib) ib(m, ib);
    }

    private static void transport(Map<String, Long> m, Object body) {
        if (body instanceof IcmpPacket c) {
            icmp(m, c);
        } else if (body instanceof Icmpv6Packet c) {
            icmpv6(m, c);
        } else if (body instanceof UdpDatagram u) {
            m.put("udp.srcport", (long) u.srcPort());
            m.put("udp.dstport", (long) u.dstPort());
            m.put("udp.length", (long) u.length());
            m.put("udp.checksum", (long) u.checksum());
            if (u.body() instanceof IbTransport ib) ib(m, ib);
        } else if (body instanceof TcpSegment t) {
            m.put("tcp.srcport", (long) t.srcPort());
            m.put("tcp.dstport", (long) t.dstPort());
            m.put("tcp.seq_raw", t.seqNum());
            m.put("tcp.ack_raw", t.ackNum());
            m.put("tcp.hdr_len", t.dataOffset() * 4);
            // the flag bits as RFC 9293 numbers them, not from the .ksy's enum the product uses
            m.put("tcp.flags", t.flags());
            m.put("tcp.flags.syn", (t.flags() >>> 1) & 1);
            m.put("tcp.flags.ack", (t.flags() >>> 4) & 1);
            m.put("tcp.flags.fin", t.flags() & 1);
            m.put("tcp.flags.reset", (t.flags() >>> 2) & 1);
            m.put("tcp.flags.push", (t.flags() >>> 3) & 1);
            m.put("tcp.window_size_value", (long) t.windowSize());
            m.put("tcp.checksum", (long) t.checksum());
            m.put("tcp.urgent_pointer", (long) t.urgentPointer());
            m.put("tcp.options.len", (long) t.lenOptions());
            m.put("tcp.len", (long) t.body().length);
        }
    }

    private static void ib(Map<String, Long> m, IbTransport ib) {
        IbTransport.Bth b = ib.bth();
        m.put("infiniband.bth.opcode", (long) b.opcode());
        m.put("infiniband.bth.se", b.solicitedEvent() ? 1L : 0L);
        m.put("infiniband.bth.m", b.migReq() ? 1L : 0L);
        m.put("infiniband.bth.padcnt", b.padCnt());
        m.put("infiniband.bth.tver", b.transportVersion());
        m.put("infiniband.bth.p_key", (long) b.partitionKey());
        m.put("infiniband.bth.fecn", b.fecn() ? 1L : 0L);
        m.put("infiniband.bth.becn", b.becn() ? 1L : 0L);
        m.put("infiniband.bth.reserved6", b.reserved6());
        m.put("infiniband.bth.destqp", b.destQp());
        m.put("infiniband.bth.a", b.ackReq() ? 1L : 0L);
        m.put("infiniband.bth.reserved7", b.reserved7());
        m.put("infiniband.bth.psn", b.psn());
        Object h = ib.headers();
        if (h instanceof IbTransport.CnpPadding) m.put("infiniband.cnp", 16L);
        if (h != null) {
            if (get(h, "xrceth") instanceof IbTransport.Xrceth x) m.put("infiniband.xrceth.xrcsrq", x.xrcSrq());
            if (get(h, "rdeth") instanceof IbTransport.Rdeth r) m.put("infiniband.rdeth.eecnxt", r.eeContext());
            if (get(h, "deth") instanceof IbTransport.Deth d) {
                m.put("infiniband.deth.q_key", d.qKey());
                m.put("infiniband.deth.srcqp", d.srcQp());
            }
            if (get(h, "feth") instanceof IbTransport.Feth f) {
                m.put("infiniband.feth.sel", f.selectivityLevel());
                m.put("infiniband.feth.plt", f.placementType());
            }
            if (get(h, "reth") instanceof IbTransport.Reth r) {
                m.put("infiniband.reth.va", r.virtualAddress());
                m.put("infiniband.reth.r_key", r.rKey());
                m.put("infiniband.reth.dmalen", r.dmaLength());
            }
            if (get(h, "atomicEth") instanceof IbTransport.AtomicEth a) {
                m.put("infiniband.atomiceth.va", a.virtualAddress());
                m.put("infiniband.atomiceth.r_key", a.rKey());
                m.put("infiniband.atomiceth.swapdt", a.swapOrAddData());
                m.put("infiniband.atomiceth.cmpdt", a.compareData());
            }
            if (get(h, "aeth") instanceof IbTransport.Aeth a) {
                m.put("infiniband.aeth.syndrome", (long) a.syndrome());
                m.put("infiniband.aeth.syndrome.opcode", a.syndromeType());
                m.put("infiniband.aeth.msn", a.msn());
            }
            if (get(h, "atomicAckEth") instanceof IbTransport.AtomicAckEth a) {
                m.put("infiniband.atomicacketh.origremdt", a.originalRemoteData());
            }
            if (get(h, "immdt") instanceof IbTransport.Immdt i) m.put("infiniband.immdt", i.data());
            if (get(h, "ieth") instanceof IbTransport.Ieth i) m.put("infiniband.ieth", i.rKey());
        }
        long payloadLength = ib.payload() instanceof IbMad mad ? mad._io().size() : ((byte[]) ib.payload()).length;
        if (payloadLength > 0) m.put("infiniband.payload", payloadLength);   // ours omits an empty payload
        if (ib.payload() instanceof IbMad mad) mad(m, mad);
        m.put("infiniband.invariant.crc", u32(ib.icrc()));
    }

    private static void mad(Map<String, Long> m, IbMad mad) {
        m.put("infiniband.mad.baseversion", (long) mad.baseVersion());
        m.put("infiniband.mad.mgmtclass", (long) mad.mgmtClass());
        m.put("infiniband.mad.classversion", (long) mad.classVersion());
        m.put("infiniband.mad.method", (long) mad.method());
        m.put("infiniband.mad.status", (long) mad.status());
        m.put("infiniband.mad.classspecific", (long) mad.classSpecific());
        m.put("infiniband.mad.transactionid", mad.transactionId());
        m.put("infiniband.mad.attributeid", (long) mad.attributeId());
        m.put("infiniband.mad.attributemodifier", mad.attributeModifier());
        Object d = mad.data();
        if (d instanceof IbMad.CmReq r) {
            m.put("infiniband.cm.req", r.localCommId());
            if (isIp(r.serviceId())) m.put("infiniband.cm.req.serviceid.dport", (long) r.serviceId().port());
            m.put("infiniband.cm.req.localcaguid", r.localCaGuid());
            m.put("infiniband.cm.req.localqkey", r.localQKey());
            m.put("infiniband.cm.req.localqpn", r.localQpn());
            m.put("infiniband.cm.req.responderres", (long) r.responderResources());
            m.put("infiniband.cm.req.initdepth", (long) r.initiatorDepth());
            m.put("infiniband.cm.req.remoteresptout", r.remoteCmResponseTimeout());
            m.put("infiniband.cm.req.transpsvctype", r.transportServiceType());
            m.put("infiniband.cm.req.startpsn", r.startingPsn());
            m.put("infiniband.cm.req.localresptout", r.localCmResponseTimeout());
            m.put("infiniband.cm.req.retrcount", r.retryCount());
            m.put("infiniband.cm.req.pkey", (long) r.partitionKey());
            m.put("infiniband.cm.req.pppmtu", r.pathMtu());
            m.put("infiniband.cm.req.rnrretrcount", r.rnrRetryCount());
            m.put("infiniband.cm.req.maxcmretr", r.maxCmRetries());
            m.put("infiniband.cm.req.srq", r.srq() ? 1L : 0L);
            m.put("infiniband.cm.req.prim_locallid", (long) r.primaryPath().localLid());
            m.put("infiniband.cm.req.prim_flowlabel", r.primaryPath().flowLabel());
            m.put("infiniband.cm.req.prim_pktrate", r.primaryPath().packetRate());
            m.put("infiniband.cm.req.prim_tfcclass", (long) r.primaryPath().trafficClass());
            m.put("infiniband.cm.req.prim_hoplim", (long) r.primaryPath().hopLimit());
            m.put("infiniband.cm.req.prim_sl", r.primaryPath().sl());
            m.put("infiniband.cm.req.prim_localacktout", r.primaryPath().localAckTimeout());
            if (r.privateData() instanceof IbMad.CmaHdr h) {
                m.put("infiniband.cm.req.ip_cm.ipv", h.ipVersion());
                m.put("infiniband.cm.req.ip_cm.sport", (long) h.srcPort());
                if (h.ipVersion() == 4) {
                    m.put("infiniband.cm.req.ip_cm.sip4", u32(java.util.Arrays.copyOfRange(h.srcAddr(), 12, 16)));
                    m.put("infiniband.cm.req.ip_cm.dip4", u32(java.util.Arrays.copyOfRange(h.dstAddr(), 12, 16)));
                }
            }
        } else if (d instanceof IbMad.CmRep r) {
            m.put("infiniband.cm.rep", r.localCommId());
            m.put("infiniband.cm.rep.remotecommid", r.remoteCommId());
            m.put("infiniband.cm.rep.localqkey", r.localQKey());
            m.put("infiniband.cm.rep.localqpn", r.localQpn());
            m.put("infiniband.cm.rep.startpsn", r.startingPsn());
            m.put("infiniband.cm.rep.respres", (long) r.responderResources());
            m.put("infiniband.cm.rep.initdepth", (long) r.initiatorDepth());
            m.put("infiniband.cm.rep.tgtackdelay", r.targetAckDelay());
            m.put("infiniband.cm.rep.failoveracc", r.failoverAccepted());
            m.put("infiniband.cm.rep.rnrretrcount", r.rnrRetryCount());
            m.put("infiniband.cm.rep.srq", r.srq() ? 1L : 0L);
            m.put("infiniband.cm.rep.localcaguid", r.localCaGuid());
        } else if (d instanceof IbMad.CmRtu r) {
            m.put("infiniband.cm.rtu.localcommid", r.localCommId());
            m.put("infiniband.cm.rtu.remotecommid", r.remoteCommId());
        } else if (d instanceof IbMad.CmRej r) {
            m.put("infiniband.cm.rej.localcommid", r.localCommId());
            m.put("infiniband.cm.rej.remotecommid", r.remoteCommId());
            m.put("infiniband.cm.rej.msgrej", r.messageRejected());
            m.put("infiniband.cm.rej.rejinfolen", r.rejectInfoLength());
            m.put("infiniband.cm.rej.reason", (long) r.reason());
        } else if (d instanceof IbMad.CmDreq r) {
            m.put("infiniband.cm.dreq.localcommid", r.localCommId());
            m.put("infiniband.cm.dreq.remotecommid", r.remoteCommId());
            m.put("infiniband.cm.req.remoteqpneecn", r.remoteQpnEecn());
        } else if (d instanceof IbMad.CmDrep r) {
            m.put("infiniband.cm.drsp.localcommid", r.localCommId());
            m.put("infiniband.cm.drsp.remotecommid", r.remoteCommId());
        } else if (d instanceof IbMad.CmSidrReq r) {
            m.put("infiniband.cm.sidr_req.requestid", r.requestId());
            m.put("infiniband.cm.sidr_req.pkey", (long) r.partitionKey());
            if (isIp(r.serviceId())) m.put("infiniband.cm.sidr_req.serviceid.dport", (long) r.serviceId().port());
        } else if (d instanceof IbMad.CmSidrRep r) {
            m.put("infiniband.cm.sidr_rep.requestid", r.requestId());
            m.put("infiniband.cm.sidr_rep.status", (long) r.status());
            m.put("infiniband.cm.sidr_rep.qpn", r.qpn());
            m.put("infiniband.cm.sidr_rep.qkey", r.qKey());
        } else if (d instanceof IbMad.CmMra r) {
            m.put("infiniband.cm.mra.localcommid", r.localCommId());
            m.put("infiniband.cm.mra.msgmraed", r.messageMraed());
            m.put("infiniband.cm.mra.servicetimeout", r.serviceTimeout());
        } else if (d instanceof IbMad.CmLap r) {
            m.put("infiniband.cm.lap.localcommid", r.localCommId());
            m.put("infiniband.cm.lap.remoteqpneecn", r.remoteQpnEecn());
            m.put("infiniband.cm.lap.alt_flowlabel", r.alternateFlowLabel());
            m.put("infiniband.cm.lap.alt_pktrate", r.alternatePacketRate());
            m.put("infiniband.cm.lap.alt_sl", r.alternateSl());
            m.put("infiniband.cm.lap.alt_localacktout", r.alternateLocalAckTimeout());
        } else if (d instanceof IbMad.CmApr r) {
            m.put("infiniband.cm.apr.localcommid", r.localCommId());
            m.put("infiniband.cm.apr.apstatus", (long) r.apStatus());
        }
    }

    private static boolean isIp(IbMad.ServiceId id) {
        return java.util.Arrays.equals(id.prefix(), new byte[] {0, 0, 0, 0, 1});
    }

    private static Object get(Object o, String accessor) {
        try {
            Method method = o.getClass().getMethod(accessor);
            return method.invoke(o);
        } catch (NoSuchMethodException e) {
            return null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long u32(byte[] b) {
        return number(java.util.Arrays.copyOf(b, 4));
    }
}
