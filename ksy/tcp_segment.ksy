meta:
  id: tcp_segment
  title: TCP header (enough for handshakes and perftest's key exchange)
  endian: be
# values of the format that are no field (constants of TcpSegmentLayout)
-constants:
  data_offset_unit: 4  # the data offset counts 4-byte words
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# tcp.port is hidden (either port), tcp.stream/seq/ack are the dissector's (stream index, relative numbers)
-wireshark: tcp
-label: Transmission Control Protocol
-fields:
  - {id: srcport, wireshark: tcp.srcport, label: Source Port}
  - {id: dstport, wireshark: tcp.dstport, label: Destination Port}
  - {id: port, wireshark: tcp.port, label: Source or Destination Port}
  - {id: stream, wireshark: tcp.stream, label: Stream index}
  - {id: seq, wireshark: tcp.seq, label: Sequence Number}
  - {id: seq_raw, wireshark: tcp.seq_raw, label: Sequence Number (raw)}
  - {id: ack, wireshark: tcp.ack, label: Acknowledgment Number}
  - {id: ack_raw, wireshark: tcp.ack_raw, label: Acknowledgment number (raw)}
  - {id: hdr_len, wireshark: tcp.hdr_len, label: Header Length}
  - {id: flags, wireshark: tcp.flags, label: Flags, base: hex, digits: 3, names: TcpFlagNames.NAMES, ws-base: hex, ws-digits: 4}
  - {id: flags_ack, wireshark: tcp.flags.ack, label: Acknowledgment, base: bool}
  - {id: flags_push, wireshark: tcp.flags.push, label: Push, base: bool}
  - {id: flags_reset, wireshark: tcp.flags.reset, label: Reset, base: bool}
  - {id: flags_syn, wireshark: tcp.flags.syn, label: Syn, base: bool}
  - {id: flags_fin, wireshark: tcp.flags.fin, label: Fin, base: bool}
  - {id: window, wireshark: tcp.window_size_value, label: Window}
  - {id: checksum, wireshark: tcp.checksum, label: Checksum, base: hex, digits: 4}
  - {id: urgent, wireshark: tcp.urgent_pointer, label: Urgent Pointer}
  - {id: options_len, wireshark: tcp.options.len, label: Options length}
  - {id: len, wireshark: tcp.len, label: TCP Segment Len}
  - {id: payload, wireshark: tcp.payload, label: TCP payload, base: bytes}
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
