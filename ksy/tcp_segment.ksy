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
  - id: flags
    type: b9
    doc: the bits of enum tcp_flag (AE, CWR, ECE, URG, ACK, PSH, RST, SYN, FIN from the top)
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
enums:
  tcp_flag:
    0x001: {id: fin, doc: FIN}
    0x002: {id: syn, doc: SYN}
    0x004: {id: rst, doc: RST}
    0x008: {id: psh, doc: PSH}
    0x010: {id: ack, doc: ACK}
    0x020: {id: urg, doc: URG}
    0x040: {id: ece, doc: ECE}
    0x080: {id: cwr, doc: CWR}
    0x100: {id: ae, doc: AE}
