package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.ksy.EtherPayloadFieldsKsy;
import io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy;
import io.rocescope.dissector.field.ksy.LinuxSllFieldsKsy;
import io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy;

/**
 * frame.protocols: the protocols of a decoded frame, outermost first, named as Wireshark names them
 * ("eth:ethertype:ip:udp:infiniband:data"). Wireshark's pseudo-protocol "ethertype" follows each header
 * that carries an EtherType; bytes left undecoded are "data". perftest is left out: its bytes are the
 * TCP payload, which Wireshark (not knowing perftest) shows as data, and so do we.
 */
final class ProtocolChain {
    /** Left out: the frame itself, and perftest (its bytes stay TCP's data). */
    private static final String FRAME = Fields.FRAME.abbrev(), PERFTEST = PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE.abbrev();
    /** The headers that carry an EtherType: Ethernet, the 802.1Q and 802.1ad tags, Linux cooked capture. */
    private static final String ETH = EthernetFrameFieldsKsy.ETHERNET_FRAME.abbrev(), VLAN = EtherPayloadFieldsKsy.ETHER_PAYLOAD_VLAN.abbrev(),
        QINQ = EtherPayloadFieldsKsy.ETHER_PAYLOAD_QINQ.abbrev(), SLL = LinuxSllFieldsKsy.LINUX_SLL.abbrev();

    private ProtocolChain() {}

    static String of(DecodedFrame f) {
        StringBuilder sb = new StringBuilder(48);
        for (int i = 0; i < f.fieldCount(); i++) {
            FieldDef def = f.def(i);
            String name;
            if (def == Fields.DATA) name = "data";
            else if (def.type() != FieldType.PROTOCOL || def.abbrev().indexOf('.') >= 0) continue;
            else name = def.abbrev();
            if (name.equals(FRAME) || name.equals(PERFTEST)) continue;
            if (name.equals(ETH) || name.equals(VLAN) || name.equals(QINQ) || name.equals(SLL)) name = name + ":ethertype";
            if (sb.length() > 0) sb.append(':');
            sb.append(name);
        }
        return sb.toString();
    }
}
