meta:
  id: arp_packet
  title: ARP (RFC 826), over Ethernet (6-byte MACs) and over IPoIB (20-byte hardware addresses, RFC 4391 section 8)
  endian: be
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# the addresses are Wireshark's arp.src.hw_mac etc. when the hardware address is a MAC and the protocol IPv4,
# and arp.src.hw (bytes) when the hardware address has another size (IPoIB's QPN and GID)
-wireshark: arp
-label: Address Resolution Protocol
-fields:
  - {id: opcode, wireshark: arp.opcode, label: Opcode, names: opcode}
  - {id: src_hw_mac, wireshark: arp.src.hw_mac, label: Sender MAC address, base: ether}
  - {id: src_proto_ipv4, wireshark: arp.src.proto_ipv4, label: Sender IP address, base: ipv4}
  - {id: dst_hw_mac, wireshark: arp.dst.hw_mac, label: Target MAC address, base: ether}
  - {id: dst_proto_ipv4, wireshark: arp.dst.proto_ipv4, label: Target IP address, base: ipv4}
  - {id: src_hw, wireshark: arp.src.hw, label: Sender hardware address, base: bytes}
  - {id: dst_hw, wireshark: arp.dst.hw, label: Target hardware address, base: bytes}
doc: |
  The fixed part gives the sizes of the two addresses that follow; each is there twice (sender, target).
seq:
  - id: hw_type
    type: u2
    doc: 1 Ethernet, 32 InfiniBand
  - id: proto_type
    type: u2
    doc: an EtherType; 0x0800 for IPv4
  - id: hw_size
    type: u1
  - id: proto_size
    type: u1
  - id: opcode
    type: u2
  - id: addresses
    type:
      switch-on: hw_size * 256 + proto_size
      cases:
        0x0604: ether_ipv4_addresses
        _: addresses
types:
  ether_ipv4_addresses:
    doc: |
      Ethernet and IPv4, the form tshark expects: the fixed part and these make the 28 bytes an ARP packet is
      at least (shorter, it is malformed)
    seq:
      - id: src_hw
        size: 6
      - id: src_proto
        size: 4
      - id: dst_hw
        size: 6
      - id: dst_proto
        size: 4
  addresses:
    doc: any other sizes (IPoIB's 20-byte hardware addresses)
    seq:
      - id: src_hw
        size: _parent.hw_size
      - id: src_proto
        size: _parent.proto_size
      - id: dst_hw
        size: _parent.hw_size
      - id: dst_proto
        size: _parent.proto_size
enums:
  # hw_type's values (IANA ARP hardware types) RoCEscope writes and reads
  hardware_type:
    1: {id: ethernet, doc: Ethernet}
    32: {id: infiniband, doc: InfiniBand}
  opcode:
    1: {id: request, doc: request}
    2: {id: reply, doc: reply}
