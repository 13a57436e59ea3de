package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;

/**
 * frame.protocols: the protocols of a decoded frame, outermost first, named as Wireshark names them
 * ("eth:ethertype:ip:udp:infiniband:data"). Wireshark's pseudo-protocol "ethertype" follows each header
 * that carries an EtherType; bytes left undecoded are "data". perftest is left out: its bytes are the
 * TCP payload, which Wireshark (not knowing perftest) shows as data, and so do we.
 */
final class ProtocolChain {
    private ProtocolChain() {}

    static String of(DecodedFrame f) {
        StringBuilder sb = new StringBuilder(48);
        for (int i = 0; i < f.fieldCount(); i++) {
            FieldDef def = f.def(i);
            String name;
            if (def == Fields.DATA) name = "data";
            else if (def.type() != FieldType.PROTOCOL || def.abbrev().indexOf('.') >= 0) continue;
            else name = def.abbrev();
            switch (name) {
                case "frame", "perftest" -> { continue; }
                case "eth", "vlan", "ieee8021ad", "sll" -> name = name + ":ethertype";
                default -> { }
            }
            if (sb.length() > 0) sb.append(':');
            sb.append(name);
        }
        return sb.toString();
    }
}
