meta:
  id: ipv4_packet
  title: IPv4 header and payload
  endian: be
  imports:
    - udp_datagram
    - tcp_segment
    - icmp_packet
# values of the format that are no field (constants of Ipv4PacketLayout)
-constants:
  ipv4_version_value: 4  # the version field's value
  ihl_unit: 4            # the header length counts 4-byte words
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# ip.addr is hidden (either address)
-wireshark: ip
-label: Internet Protocol Version 4
-fields:
  - {id: version, wireshark: ip.version, label: Version}
  - {id: hdr_len, wireshark: ip.hdr_len, label: Header Length}
  - {id: dscp, wireshark: ip.dsfield.dscp, label: Differentiated Services Codepoint}
  - {id: ecn, wireshark: ip.dsfield.ecn, label: Explicit Congestion Notification, names: ecn}
  - {id: len, wireshark: ip.len, label: Total Length}
  - {id: id, wireshark: ip.id, label: Identification, base: hex, digits: 4}
  - {id: flags, wireshark: ip.flags, label: Flags, base: hex, digits: 2}
  - {id: flags_rb, wireshark: ip.flags.rb, label: Reserved bit, base: bool}
  - {id: flags_df, wireshark: ip.flags.df, label: "Don't fragment", base: bool}
  - {id: flags_mf, wireshark: ip.flags.mf, label: More fragments, base: bool}
  - {id: frag_offset, wireshark: ip.frag_offset, label: Fragment Offset}
  - {id: ttl, wireshark: ip.ttl, label: Time to Live}
  - {id: proto, wireshark: ip.proto, label: Protocol, names: ip_protocol}
  - {id: checksum, wireshark: ip.checksum, label: Header Checksum, base: hex, digits: 4}
  - {id: src, wireshark: ip.src, label: Source Address, base: ipv4}
  - {id: dst, wireshark: ip.dst, label: Destination Address, base: ipv4}
  - {id: addr, wireshark: ip.addr, label: Source or Destination Address, base: ipv4}
seq:
  - id: version
    type: b4
  - id: ihl
    type: b4
    doc: header length in 32-bit words
  - id: dscp
    -icrc: variant
    type: b6
  - id: ecn
    -icrc: variant
    type: b2
    doc: the enum ecn
  - id: total_length
    type: u2
    doc: includes the RoCE ICRC
  - id: identification
    type: u2
  - id: flags
    type: b3
  - id: fragment_offset
    type: b13
  - id: ttl
    -icrc: variant
    type: u1
  - id: protocol
    type: u1
  - id: header_checksum
    -icrc: variant
    type: u2
  - id: src_addr
    size: 4
  - id: dst_addr
    size: 4
  - id: options
    size: ihl * 4 - 20
  - id: body
    size: total_length - ihl * 4
    doc: bytes after total_length (Ethernet padding, FCS) are not part of the packet
    type:
      switch-on: protocol
      cases:
        17: udp_datagram
        6: tcp_segment
        1: icmp_packet
enums:
  # the IP protocol numbers (IPv6's Next Header too) a RoCE capture meets, as Wireshark names them
  ip_protocol:
    1: {id: icmp, doc: ICMP}
    6: {id: tcp, doc: TCP}
    17: {id: udp, doc: UDP}
    58: {id: icmpv6, doc: ICMPv6}
  # the ECN codepoints (RFC 3168), IPv6's Traffic Class too
  ecn:
    0: {id: not_ect, doc: Not-ECT}
    1: {id: ect_1, doc: ECT(1)}
    2: {id: ect_0, doc: ECT(0)}
    3: {id: ce, doc: CE}
  # the bits of the 3-bit flags field (RFC 791): reserved, Don't Fragment, More Fragments
  ip_flag:
    4: {id: rb, doc: Reserved bit}
    2: {id: df, doc: "Don't fragment"}
    1: {id: mf, doc: More fragments}
