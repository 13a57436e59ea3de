meta:
  id: ipv4_packet
  title: IPv4 header and payload
  endian: be
  imports:
    - udp_datagram
    - tcp_segment
seq:
  - id: version
    type: b4
  - id: ihl
    type: b4
    doc: header length in 32-bit words
  - id: dscp
    type: b6
  - id: ecn
    type: b2
    doc: 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE
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
    type: u1
  - id: protocol
    type: u1
  - id: header_checksum
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
