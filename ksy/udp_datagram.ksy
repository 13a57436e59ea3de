meta:
  id: udp_datagram
  title: UDP header; destination port 4791 carries RoCEv2
  endian: be
  imports:
    - ib_transport
# values of the format that are no field (constants of UdpDatagramLayout)
-constants:
  roce_v2_port: 4791   # the destination port of RoCEv2 (IANA), the switch's case below
  checksum_zero_sent: 0xffff   # a computed checksum of 0 is sent as all ones: 0 in the field means none (RFC 768)
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# udp.port is hidden (either port); udp.stream is the dissector's (the conversation's index, from 0 in order of
# first appearance, either direction)
-wireshark: udp
-label: User Datagram Protocol
-fields:
  - {id: srcport, wireshark: udp.srcport, label: Source Port}
  - {id: dstport, wireshark: udp.dstport, label: Destination Port}
  - {id: port, wireshark: udp.port, label: Source or Destination Port}
  - {id: length, wireshark: udp.length, label: Length}
  - {id: checksum, wireshark: udp.checksum, label: Checksum, base: hex, digits: 4}
  - {id: payload, wireshark: udp.payload, label: UDP payload, base: bytes}
  - {id: stream, wireshark: udp.stream, label: Stream index}
seq:
  - id: src_port
    type: u2
    doc: RoCEv2 flow entropy (often 0xC000-0xFFFF)
  - id: dst_port
    type: u2
  - id: length
    type: u2
    doc: 8 + BTH + extended headers + payload + pad + 4 (ICRC); the ICRC is found from this, not from the frame end
  - id: checksum
    -icrc: variant
    type: u2
  - id: body
    size: length - 8
    type:
      switch-on: dst_port
      cases:
        4791: ib_transport
