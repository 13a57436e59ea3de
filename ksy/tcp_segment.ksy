meta:
  id: tcp_segment
  title: TCP header (enough for handshakes and perftest's key exchange)
  endian: be
seq:
  - id: src_port
    type: u2
  - id: dst_port
    type: u2
  - id: seq_num
    type: u4
  - id: ack_num
    type: u4
  - id: data_offset
    type: b4
    doc: header length in 32-bit words
  - id: reserved
    type: b3
  - id: flag_ae
    type: b1
  - id: flag_cwr
    type: b1
  - id: flag_ece
    type: b1
  - id: flag_urg
    type: b1
  - id: flag_ack
    type: b1
  - id: flag_psh
    type: b1
  - id: flag_rst
    type: b1
  - id: flag_syn
    type: b1
  - id: flag_fin
    type: b1
  - id: window_size
    type: u2
  - id: checksum
    type: u2
  - id: urgent_pointer
    type: u2
  - id: options
    size: len_options
  - id: body
    size-eos: true
instances:
  len_options:
    value: data_offset * 4 - 20
