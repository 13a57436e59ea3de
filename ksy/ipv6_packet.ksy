meta:
  id: ipv6_packet
  title: IPv6 fixed header and payload (no extension headers expected on RoCEv2)
  endian: be
  imports:
    - udp_datagram
    - tcp_segment
seq:
  - id: version
    type: b4
  - id: dscp
    type: b6
  - id: ecn
    type: b2
  - id: flow_label
    type: b20
  - id: payload_length
    type: u2
  - id: next_header
    type: u1
  - id: hop_limit
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
