meta:
  id: ipoib_packet
  title: IP over InfiniBand (RFC 4391) as pcap link type 242 (DLT_IPOIB) holds it
  endian: be
  imports:
    - ipv4_packet
    - ipv6_packet
    - arp_packet
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order,
# as Wireshark's packet-ipoib.c names them
-wireshark: ipoib
-label: IP over Infiniband
-fields:
  - {id: dgid, wireshark: ipoib.dgid, label: Destination GID, base: ipv6}
  - {id: type, wireshark: ipoib.type, label: Type, base: hex, digits: 4, names: ether_payload::ether_type}
  - {id: reserved, wireshark: ipoib.reserved, label: Reserved, base: hex, digits: 4}
doc: |
  A 40-byte pseudo-header, which is the destination address (QPN and GID, in its last 20 bytes) when its
  first two bytes are zero and otherwise the GRH the datagram arrived with; then the 4-byte IPoIB header
  (an EtherType and two reserved bytes), then IPv4, IPv6 or ARP.
seq:
  - id: pseudo_header
    size: 40
    type:
      switch-on: pseudo_header_start
      cases:
        0: pseudo_destination
        _: pseudo_grh
  - id: type
    type: u2
  - id: reserved
    type: u2
  - id: body
    size-eos: true
    type:
      switch-on: type
      cases:
        0x0800: ipv4_packet
        0x86dd: ipv6_packet
        0x0806: arp_packet
        0x8035: arp_packet    # RARP, in ARP's layout
instances:
  pseudo_header_start:
    pos: 0
    type: u2
types:
  pseudo_destination:
    seq:
      - id: reserved
        size: 20
      - id: daddr
        type: destination_address
  destination_address:
    -wireshark: ipoib.daddr
    -label: Destination address
    -fields:
      - {id: qpn, wireshark: ipoib.daddr.qpn, label: Destination QPN, base: hex, digits: 6}
    seq:
      - id: reserved
        type: u1
      - id: qpn
        type: b24
      - id: dgid
        size: 16
  pseudo_grh:
    -wireshark: ipoib.grh
    -label: Global Route Header
    -fields:
      - {id: ipver, wireshark: ipoib.grh.ipver, label: IP Version}
      - {id: tclass, wireshark: ipoib.grh.tclass, label: Traffic Class}
      - {id: flowlabel, wireshark: ipoib.grh.flowlabel, label: Flow Label}
      - {id: sqpn, wireshark: ipoib.grh.sqpn, label: Source QPN, base: hex, digits: 6}
      - {id: sgid, wireshark: ipoib.grh.sgid, label: Source GID, base: ipv6}
    seq:
      - id: ip_version
        type: b4
      - id: traffic_class
        type: b8
      - id: flow_label
        type: b20
      - id: reserved
        type: u1
      - id: sqpn
        type: b24
      - id: sgid
        size: 16
      - id: dgid
        size: 16
