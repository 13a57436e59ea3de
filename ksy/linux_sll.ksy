meta:
  id: linux_sll
  title: Linux cooked capture v1 (DLT_LINUX_SLL, 113)
  endian: be
  imports:
    - ether_payload
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# sll.src.eth is the address when it is 6 bytes long
-wireshark: sll
-label: Linux cooked capture
-fields:
  - {id: pkttype, wireshark: sll.pkttype, label: Packet type, names: packet_type}
  - {id: hatype, wireshark: sll.hatype, label: Link-layer address type}
  - {id: halen, wireshark: sll.halen, label: Link-layer address length}
  - {id: src, wireshark: sll.src.eth, label: Source, base: ether}
  - {id: ifindex, wireshark: sll.ifindex, label: Interface index}
  - {id: etype, wireshark: sll.etype, label: Protocol, base: hex, digits: 4, names: ether_payload::ether_type}
seq:
  - id: packet_type
    type: u2
    doc: 0 to us, 1 broadcast, 2 multicast, 3 to another host, 4 sent by us
  - id: arphrd_type
    type: u2
  - id: addr_length
    type: u2
  - id: addr
    size: 8
  - id: protocol
    type: u2
  - id: body
    type: ether_payload(protocol)
enums:
  packet_type:
    0: {id: host, doc: Unicast to us}
    1: {id: broadcast, doc: Broadcast}
    2: {id: multicast, doc: Multicast}
    3: {id: otherhost, doc: Unicast to another host}
    4: {id: outgoing, doc: Sent by us}
