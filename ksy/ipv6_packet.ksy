meta:
  id: ipv6_packet
  title: IPv6 fixed header and payload (no extension headers expected on RoCEv2)
  endian: be
  imports:
    - udp_datagram
    - tcp_segment
    - icmpv6_packet
# values of the format that are no field (constants of Ipv6PacketLayout)
-constants:
  ipv6_version_value: 6  # the version field's value
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# ipv6.addr is hidden (either address)
-wireshark: ipv6
-label: Internet Protocol Version 6
-fields:
  - {id: version, wireshark: ipv6.version, label: Version}
  - {id: tclass, wireshark: ipv6.tclass, label: Traffic Class, base: hex, digits: 2, ws-base: hex, ws-digits: 8}
  - {id: dscp, wireshark: ipv6.tclass.dscp, label: Differentiated Services Codepoint}
  - {id: ecn, wireshark: ipv6.tclass.ecn, label: Explicit Congestion Notification, names: ipv4_packet::ecn}
  - {id: flow, wireshark: ipv6.flow, label: Flow Label, base: hex, digits: 5, ws-base: hex, ws-digits: 6}
  - {id: plen, wireshark: ipv6.plen, label: Payload Length}
  - {id: nxt, wireshark: ipv6.nxt, label: Next Header, names: ipv4_packet::ip_protocol}
  - {id: hlim, wireshark: ipv6.hlim, label: Hop Limit}
  - {id: src, wireshark: ipv6.src, label: Source Address, base: ipv6}
  - {id: dst, wireshark: ipv6.dst, label: Destination Address, base: ipv6}
  - {id: addr, wireshark: ipv6.addr, label: Source or Destination Address, base: ipv6}
seq:
  - id: version
    type: b4
  - id: dscp
    -icrc: variant
    type: b6
  - id: ecn
    -icrc: variant
    type: b2
  - id: flow_label
    -icrc: variant
    type: b20
  - id: payload_length
    type: u2
  - id: next_header
    type: u1
  - id: hop_limit
    -icrc: variant
    type: u1
  - id: src_addr
    size: 16
  - id: dst_addr
    size: 16
  - id: body
    size: payload_length
    type:
      switch-on: next_header
      cases:
        17: udp_datagram
        6: tcp_segment
        58: icmpv6_packet
