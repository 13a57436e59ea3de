package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.LinuxSll2Layout;
import io.rocescope.dissector.field.ksy.LinuxSllLayout;

import static io.rocescope.dissector.field.Fields.*;

/** Linux cooked captures (tcpdump -i any): v1 and v2, where ksy/linux_sll.ksy and linux_sll2.ksy put their fields. */
final class SllDissector {
    /** The address the header holds when it is a MAC (the sender's), whose bytes it names. */
    private static final int MAC_LENGTH = io.rocescope.dissector.field.ksy.EthernetFrameLayout.LEN_SRC_MAC;

    private SllDissector() {}

    static void dissectV1(Packet p) {
        if (!p.need(0, LinuxSllLayout.FIXED_SIZE, "Linux cooked header")) return;
        int node = p.f.open(SLL, 0);
        byte[] d = p.d;
        p.add(SLL_PKTTYPE, LinuxSllLayout.OFF_PACKET_TYPE, LinuxSllLayout.LEN_PACKET_TYPE, LinuxSllLayout.readPacketType(d, 0));
        p.add(SLL_HATYPE, LinuxSllLayout.OFF_ARPHRD_TYPE, LinuxSllLayout.LEN_ARPHRD_TYPE, LinuxSllLayout.readArphrdType(d, 0));
        int halen = p.add(SLL_HALEN, LinuxSllLayout.OFF_ADDR_LENGTH, LinuxSllLayout.LEN_ADDR_LENGTH, LinuxSllLayout.readAddrLength(d, 0));
        if (halen == MAC_LENGTH) {
            p.addr(SLL_SRC, LinuxSllLayout.OFF_ADDR, MAC_LENGTH);
            p.f.addresses(FieldType.ETHER, LinuxSllLayout.OFF_ADDR, -1);
        }
        int type = p.add(SLL_ETYPE, LinuxSllLayout.OFF_PROTOCOL, LinuxSllLayout.LEN_PROTOCOL, LinuxSllLayout.readProtocol(d, 0));
        p.f.close(node, LinuxSllLayout.FIXED_SIZE);
        EtherTypeDispatch.dissect(p, type, LinuxSllLayout.FIXED_SIZE);
    }

    static void dissectV2(Packet p) {
        if (!p.need(0, LinuxSll2Layout.FIXED_SIZE, "Linux cooked v2 header")) return;
        int node = p.f.open(SLL, 0);
        byte[] d = p.d;
        int type = p.add(SLL_ETYPE, LinuxSll2Layout.OFF_PROTOCOL, LinuxSll2Layout.LEN_PROTOCOL, LinuxSll2Layout.readProtocol(d, 0));
        p.add(SLL_IFINDEX, LinuxSll2Layout.OFF_INTERFACE_INDEX, LinuxSll2Layout.LEN_INTERFACE_INDEX,
            LinuxSll2Layout.readInterfaceIndex(d, 0));
        p.add(SLL_HATYPE, LinuxSll2Layout.OFF_ARPHRD_TYPE, LinuxSll2Layout.LEN_ARPHRD_TYPE, LinuxSll2Layout.readArphrdType(d, 0));
        p.add(SLL_PKTTYPE, LinuxSll2Layout.OFF_PACKET_TYPE, LinuxSll2Layout.LEN_PACKET_TYPE, LinuxSll2Layout.readPacketType(d, 0));
        int halen = p.add(SLL_HALEN, LinuxSll2Layout.OFF_ADDR_LENGTH, LinuxSll2Layout.LEN_ADDR_LENGTH,
            LinuxSll2Layout.readAddrLength(d, 0));
        if (halen == MAC_LENGTH) {
            p.addr(SLL_SRC, LinuxSll2Layout.OFF_ADDR, MAC_LENGTH);
            p.f.addresses(FieldType.ETHER, LinuxSll2Layout.OFF_ADDR, -1);
        }
        p.f.close(node, LinuxSll2Layout.FIXED_SIZE);
        EtherTypeDispatch.dissect(p, type, LinuxSll2Layout.FIXED_SIZE);
    }
}
