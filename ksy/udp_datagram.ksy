meta:
  id: udp_datagram
  title: UDP header; destination port 4791 carries RoCEv2
  endian: be
  imports:
    - ib_transport
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
    type: u2
  - id: body
    size: length - 8
    type:
      switch-on: dst_port
      cases:
        4791: ib_transport
