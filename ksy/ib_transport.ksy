meta:
  id: ib_transport
  title: InfiniBand transport (BTH, extended headers, payload, ICRC) as carried by RoCEv2 and RoCEv1
  endian: be
  imports:
    - ib_mad
doc: |
  The substream is the UDP payload (RoCEv2) or the GRH payload (RoCEv1): it ends with the 4-byte ICRC.
  Which extended headers follow the BTH is fixed by the opcode (IBTA vol 1 ch. 9, rxe_opcode.c);
  the switch below is the table. Opcodes with no case carry no extended header (e.g. SEND Middle).
  The ICRC is a CRC-32 transmitted least-significant byte first; it is read here as raw bytes.
# values of the format that are no field (KsyLayouts makes them constants of IbTransportLayout)
-constants:
  icrc_size: 4                  # the Invariant CRC that ends the substream
  # an opcode is a transport (its top 3 bits, enum transport) and an operation (its low 5): an RC opcode is its
  # operation, so (opcode & opcode_operation_mask) == OPCODE_RC_ACKNOWLEDGE asks "an ACK of RC or XRC?"
  opcode_transport_shift: 5
  opcode_operation_mask: 0x1f
# the registry entries of what follows the headers (RoCEscope's build generates them: dissector/src/build/KsyTables.java);
# the ICRC's check (its status, the value found and the one expected) is computed, not read, and stays in Fields.java
-wireshark: infiniband
-label: InfiniBand
-fields:
  - {id: payload, wireshark: infiniband.payload, label: Payload, base: bytes}
  - {id: pad, wireshark: infiniband.pad, label: Pad, base: bytes}
  - {id: icrc, wireshark: infiniband.invariant.crc, label: Invariant CRC, base: hex, digits: 8}
seq:
  - id: bth
    type: bth
  - id: headers
    # RoCEscope's build generates the decoder's opcode -> headers table from this switch (dissector/src/build/KsyTables.java):
    # one bit a header type (HEADER_RETH, ...), in wire order, with each type's -abbrev (its name in messages) and size
    -rocescope-table: headers_by_opcode
    -rocescope-bits: header
    type:
      switch-on: bth.opcode
      cases:
        # ---- RC (0x00-0x1F) ----
        0x03: hdrs_imm            # SEND Last with Immediate
        0x05: hdrs_imm            # SEND Only with Immediate
        0x06: hdrs_reth           # RDMA WRITE First
        0x09: hdrs_imm            # RDMA WRITE Last with Immediate
        0x0a: hdrs_reth           # RDMA WRITE Only
        0x0b: hdrs_reth_imm       # RDMA WRITE Only with Immediate
        0x0c: hdrs_reth           # RDMA READ Request
        0x0d: hdrs_aeth           # RDMA READ Response First
        0x0f: hdrs_aeth           # RDMA READ Response Last
        0x10: hdrs_aeth           # RDMA READ Response Only
        0x11: hdrs_aeth           # Acknowledge
        0x12: hdrs_atomic_ack     # ATOMIC Acknowledge
        0x13: hdrs_atomic         # CmpSwap
        0x14: hdrs_atomic         # FetchAdd
        0x16: hdrs_ieth           # SEND Last with Invalidate
        0x17: hdrs_ieth           # SEND Only with Invalidate
        0x1c: hdrs_feth_reth      # FLUSH
        0x1d: hdrs_reth           # ATOMIC WRITE
        # ---- UC (0x20-0x3F) ----
        0x23: hdrs_imm            # SEND Last with Immediate
        0x25: hdrs_imm            # SEND Only with Immediate
        0x26: hdrs_reth           # RDMA WRITE First
        0x29: hdrs_imm            # RDMA WRITE Last with Immediate
        0x2a: hdrs_reth           # RDMA WRITE Only
        0x2b: hdrs_reth_imm       # RDMA WRITE Only with Immediate
        # ---- RD (0x40-0x5F): RDETH first, then DETH for requests ----
        0x40: hdrs_rd_deth        # SEND First
        0x41: hdrs_rd_deth        # SEND Middle
        0x42: hdrs_rd_deth        # SEND Last
        0x43: hdrs_rd_deth_imm    # SEND Last with Immediate
        0x44: hdrs_rd_deth        # SEND Only
        0x45: hdrs_rd_deth_imm    # SEND Only with Immediate
        0x46: hdrs_rd_deth_reth   # RDMA WRITE First
        0x47: hdrs_rd_deth        # RDMA WRITE Middle
        0x48: hdrs_rd_deth        # RDMA WRITE Last
        0x49: hdrs_rd_deth_imm    # RDMA WRITE Last with Immediate
        0x4a: hdrs_rd_deth_reth   # RDMA WRITE Only
        0x4b: hdrs_rd_deth_reth_imm # RDMA WRITE Only with Immediate
        0x4c: hdrs_rd_deth_reth   # RDMA READ Request
        0x4d: hdrs_rd_aeth        # RDMA READ Response First
        0x4e: hdrs_rd             # RDMA READ Response Middle
        0x4f: hdrs_rd_aeth        # RDMA READ Response Last
        0x50: hdrs_rd_aeth        # RDMA READ Response Only
        0x51: hdrs_rd_aeth        # Acknowledge
        0x52: hdrs_rd_atomic_ack  # ATOMIC Acknowledge
        0x53: hdrs_rd_deth_atomic # CmpSwap
        0x54: hdrs_rd_deth_atomic # FetchAdd
        0x55: hdrs_rd_deth        # RESYNC
        0x5c: hdrs_rd_feth_reth   # FLUSH
        # ---- UD (0x60-0x7F) ----
        0x64: hdrs_deth           # SEND Only
        0x65: hdrs_deth_imm       # SEND Only with Immediate
        # ---- CNP ----
        0x81: cnp_padding         # RoCEv2 Congestion Notification Packet
        # ---- XRC (0xA0-0xBF): requests put XRCETH right after the BTH; responses carry none ----
        0xa0: hdrs_xrc            # SEND First
        0xa1: hdrs_xrc            # SEND Middle
        0xa2: hdrs_xrc            # SEND Last
        0xa3: hdrs_xrc_imm        # SEND Last with Immediate
        0xa4: hdrs_xrc            # SEND Only
        0xa5: hdrs_xrc_imm        # SEND Only with Immediate
        0xa6: hdrs_xrc_reth       # RDMA WRITE First
        0xa7: hdrs_xrc            # RDMA WRITE Middle
        0xa8: hdrs_xrc            # RDMA WRITE Last
        0xa9: hdrs_xrc_imm        # RDMA WRITE Last with Immediate
        0xaa: hdrs_xrc_reth       # RDMA WRITE Only
        0xab: hdrs_xrc_reth_imm   # RDMA WRITE Only with Immediate
        0xac: hdrs_xrc_reth       # RDMA READ Request
        0xad: hdrs_aeth           # RDMA READ Response First
        0xaf: hdrs_aeth           # RDMA READ Response Last
        0xb0: hdrs_aeth           # RDMA READ Response Only
        0xb1: hdrs_aeth           # Acknowledge
        0xb2: hdrs_atomic_ack     # ATOMIC Acknowledge
        0xb3: hdrs_xrc_atomic     # CmpSwap
        0xb4: hdrs_xrc_atomic     # FetchAdd
        0xb6: hdrs_xrc_ieth       # SEND Last with Invalidate
        0xb7: hdrs_xrc_ieth       # SEND Only with Invalidate
        0xbc: hdrs_xrc_feth_reth  # FLUSH
        0xbd: hdrs_xrc_reth       # ATOMIC WRITE
  - id: payload
    size: _io.size - _io.pos - bth.pad_cnt - 4
    type:
      switch-on: is_mad
      cases:
        true: ib_mad
  - id: pad
    size: bth.pad_cnt
  - id: icrc
    size: 4
enums:
  # the transport of an opcode (its top 3 bits, bth's instance transport; IBTA vol 1 table 38)
  transport:
    0: {id: rc, doc: RC}
    1: {id: uc, doc: UC}
    2: {id: rd, doc: RD}
    3: {id: ud, doc: UD}
    4: {id: cnp, doc: CNP}
    5: {id: xrc, doc: XRC}
  # every defined opcode, with the name Wireshark's Info column and RoCEscope's show, and its class (IBTA vol 1
  # 9.2, table 38), which Kaitai ignores and the build generates as sets of codes (OpcodeTable looks them up):
  # -packet: first|middle|last|only, where a packet sits in a message of one or more packets (SEND, RDMA WRITE,
  # READ response); -response: read|ack|atomic_ack, the packets that answer requests (a READ response, an
  # Acknowledge, an ATOMIC Acknowledge); -request: read|atomic, the requests answered by them (RDMA READ, the
  # two AtomicETH operations)
  opcode:
    0x00: {id: rc_send_first, doc: RC SEND First, -packet: first}
    0x01: {id: rc_send_middle, doc: RC SEND Middle, -packet: middle}
    0x02: {id: rc_send_last, doc: RC SEND Last, -packet: last}
    0x03: {id: rc_send_last_with_immediate, doc: RC SEND Last with Immediate, -packet: last}
    0x04: {id: rc_send_only, doc: RC SEND Only, -packet: only}
    0x05: {id: rc_send_only_with_immediate, doc: RC SEND Only with Immediate, -packet: only}
    0x06: {id: rc_rdma_write_first, doc: RC RDMA WRITE First, -packet: first}
    0x07: {id: rc_rdma_write_middle, doc: RC RDMA WRITE Middle, -packet: middle}
    0x08: {id: rc_rdma_write_last, doc: RC RDMA WRITE Last, -packet: last}
    0x09: {id: rc_rdma_write_last_with_immediate, doc: RC RDMA WRITE Last with Immediate, -packet: last}
    0x0a: {id: rc_rdma_write_only, doc: RC RDMA WRITE Only, -packet: only}
    0x0b: {id: rc_rdma_write_only_with_immediate, doc: RC RDMA WRITE Only with Immediate, -packet: only}
    0x0c: {id: rc_rdma_read_request, doc: RC RDMA READ Request, -request: read}
    0x0d: {id: rc_rdma_read_response_first, doc: RC RDMA READ Response First, -packet: first, -response: read}
    0x0e: {id: rc_rdma_read_response_middle, doc: RC RDMA READ Response Middle, -packet: middle, -response: read}
    0x0f: {id: rc_rdma_read_response_last, doc: RC RDMA READ Response Last, -packet: last, -response: read}
    0x10: {id: rc_rdma_read_response_only, doc: RC RDMA READ Response Only, -packet: only, -response: read}
    0x11: {id: rc_acknowledge, doc: RC Acknowledge, -response: ack}
    0x12: {id: rc_atomic_acknowledge, doc: RC ATOMIC Acknowledge, -response: atomic_ack}
    0x13: {id: rc_cmpswap, doc: RC CmpSwap, -request: atomic}
    0x14: {id: rc_fetchadd, doc: RC FetchAdd, -request: atomic}
    0x16: {id: rc_send_last_with_invalidate, doc: RC SEND Last with Invalidate, -packet: last}
    0x17: {id: rc_send_only_with_invalidate, doc: RC SEND Only with Invalidate, -packet: only}
    0x1c: {id: rc_flush, doc: RC FLUSH}
    0x1d: {id: rc_atomic_write, doc: RC ATOMIC WRITE}
    0x20: {id: uc_send_first, doc: UC SEND First, -packet: first}
    0x21: {id: uc_send_middle, doc: UC SEND Middle, -packet: middle}
    0x22: {id: uc_send_last, doc: UC SEND Last, -packet: last}
    0x23: {id: uc_send_last_with_immediate, doc: UC SEND Last with Immediate, -packet: last}
    0x24: {id: uc_send_only, doc: UC SEND Only, -packet: only}
    0x25: {id: uc_send_only_with_immediate, doc: UC SEND Only with Immediate, -packet: only}
    0x26: {id: uc_rdma_write_first, doc: UC RDMA WRITE First, -packet: first}
    0x27: {id: uc_rdma_write_middle, doc: UC RDMA WRITE Middle, -packet: middle}
    0x28: {id: uc_rdma_write_last, doc: UC RDMA WRITE Last, -packet: last}
    0x29: {id: uc_rdma_write_last_with_immediate, doc: UC RDMA WRITE Last with Immediate, -packet: last}
    0x2a: {id: uc_rdma_write_only, doc: UC RDMA WRITE Only, -packet: only}
    0x2b: {id: uc_rdma_write_only_with_immediate, doc: UC RDMA WRITE Only with Immediate, -packet: only}
    0x40: {id: rd_send_first, doc: RD SEND First, -packet: first}
    0x41: {id: rd_send_middle, doc: RD SEND Middle, -packet: middle}
    0x42: {id: rd_send_last, doc: RD SEND Last, -packet: last}
    0x43: {id: rd_send_last_with_immediate, doc: RD SEND Last with Immediate, -packet: last}
    0x44: {id: rd_send_only, doc: RD SEND Only, -packet: only}
    0x45: {id: rd_send_only_with_immediate, doc: RD SEND Only with Immediate, -packet: only}
    0x46: {id: rd_rdma_write_first, doc: RD RDMA WRITE First, -packet: first}
    0x47: {id: rd_rdma_write_middle, doc: RD RDMA WRITE Middle, -packet: middle}
    0x48: {id: rd_rdma_write_last, doc: RD RDMA WRITE Last, -packet: last}
    0x49: {id: rd_rdma_write_last_with_immediate, doc: RD RDMA WRITE Last with Immediate, -packet: last}
    0x4a: {id: rd_rdma_write_only, doc: RD RDMA WRITE Only, -packet: only}
    0x4b: {id: rd_rdma_write_only_with_immediate, doc: RD RDMA WRITE Only with Immediate, -packet: only}
    0x4c: {id: rd_rdma_read_request, doc: RD RDMA READ Request, -request: read}
    0x4d: {id: rd_rdma_read_response_first, doc: RD RDMA READ Response First, -packet: first, -response: read}
    0x4e: {id: rd_rdma_read_response_middle, doc: RD RDMA READ Response Middle, -packet: middle, -response: read}
    0x4f: {id: rd_rdma_read_response_last, doc: RD RDMA READ Response Last, -packet: last, -response: read}
    0x50: {id: rd_rdma_read_response_only, doc: RD RDMA READ Response Only, -packet: only, -response: read}
    0x51: {id: rd_acknowledge, doc: RD Acknowledge, -response: ack}
    0x52: {id: rd_atomic_acknowledge, doc: RD ATOMIC Acknowledge, -response: atomic_ack}
    0x53: {id: rd_cmpswap, doc: RD CmpSwap, -request: atomic}
    0x54: {id: rd_fetchadd, doc: RD FetchAdd, -request: atomic}
    0x55: {id: rd_resync, doc: RD RESYNC}
    0x5c: {id: rd_flush, doc: RD FLUSH}
    0x64: {id: ud_send_only, doc: UD SEND Only, -packet: only}
    0x65: {id: ud_send_only_with_immediate, doc: UD SEND Only with Immediate, -packet: only}
    0x80: {id: cnp_ib, doc: CNP (IB)}
    0x81: {id: cnp, doc: CNP}
    0xa0: {id: xrc_send_first, doc: XRC SEND First, -packet: first}
    0xa1: {id: xrc_send_middle, doc: XRC SEND Middle, -packet: middle}
    0xa2: {id: xrc_send_last, doc: XRC SEND Last, -packet: last}
    0xa3: {id: xrc_send_last_with_immediate, doc: XRC SEND Last with Immediate, -packet: last}
    0xa4: {id: xrc_send_only, doc: XRC SEND Only, -packet: only}
    0xa5: {id: xrc_send_only_with_immediate, doc: XRC SEND Only with Immediate, -packet: only}
    0xa6: {id: xrc_rdma_write_first, doc: XRC RDMA WRITE First, -packet: first}
    0xa7: {id: xrc_rdma_write_middle, doc: XRC RDMA WRITE Middle, -packet: middle}
    0xa8: {id: xrc_rdma_write_last, doc: XRC RDMA WRITE Last, -packet: last}
    0xa9: {id: xrc_rdma_write_last_with_immediate, doc: XRC RDMA WRITE Last with Immediate, -packet: last}
    0xaa: {id: xrc_rdma_write_only, doc: XRC RDMA WRITE Only, -packet: only}
    0xab: {id: xrc_rdma_write_only_with_immediate, doc: XRC RDMA WRITE Only with Immediate, -packet: only}
    0xac: {id: xrc_rdma_read_request, doc: XRC RDMA READ Request, -request: read}
    0xad: {id: xrc_rdma_read_response_first, doc: XRC RDMA READ Response First, -packet: first, -response: read}
    0xae: {id: xrc_rdma_read_response_middle, doc: XRC RDMA READ Response Middle, -packet: middle, -response: read}
    0xaf: {id: xrc_rdma_read_response_last, doc: XRC RDMA READ Response Last, -packet: last, -response: read}
    0xb0: {id: xrc_rdma_read_response_only, doc: XRC RDMA READ Response Only, -packet: only, -response: read}
    0xb1: {id: xrc_acknowledge, doc: XRC Acknowledge, -response: ack}
    0xb2: {id: xrc_atomic_acknowledge, doc: XRC ATOMIC Acknowledge, -response: atomic_ack}
    0xb3: {id: xrc_cmpswap, doc: XRC CmpSwap, -request: atomic}
    0xb4: {id: xrc_fetchadd, doc: XRC FetchAdd, -request: atomic}
    0xb6: {id: xrc_send_last_with_invalidate, doc: XRC SEND Last with Invalidate, -packet: last}
    0xb7: {id: xrc_send_only_with_invalidate, doc: XRC SEND Only with Invalidate, -packet: only}
    0xbc: {id: xrc_flush, doc: XRC FLUSH}
    0xbd: {id: xrc_atomic_write, doc: XRC ATOMIC WRITE}
  # an ACK's credit code (the syndrome's low 5 bits): the receive WQEs it grants (IBTA vol 1 9.7.5.1.2, the table
  # rdmavt's credit_table copies), -value the count; 31 grants without limit
  aeth_credits:
    0: {id: credits_0, doc: "0", -value: 0}
    1: {id: credits_1, doc: "1", -value: 1}
    2: {id: credits_2, doc: "2", -value: 2}
    3: {id: credits_3, doc: "3", -value: 3}
    4: {id: credits_4, doc: "4", -value: 4}
    5: {id: credits_6, doc: "6", -value: 6}
    6: {id: credits_8, doc: "8", -value: 8}
    7: {id: credits_12, doc: "12", -value: 12}
    8: {id: credits_16, doc: "16", -value: 16}
    9: {id: credits_24, doc: "24", -value: 24}
    10: {id: credits_32, doc: "32", -value: 32}
    11: {id: credits_48, doc: "48", -value: 48}
    12: {id: credits_64, doc: "64", -value: 64}
    13: {id: credits_96, doc: "96", -value: 96}
    14: {id: credits_128, doc: "128", -value: 128}
    15: {id: credits_192, doc: "192", -value: 192}
    16: {id: credits_256, doc: "256", -value: 256}
    17: {id: credits_384, doc: "384", -value: 384}
    18: {id: credits_512, doc: "512", -value: 512}
    19: {id: credits_768, doc: "768", -value: 768}
    20: {id: credits_1024, doc: "1024", -value: 1024}
    21: {id: credits_1536, doc: "1536", -value: 1536}
    22: {id: credits_2048, doc: "2048", -value: 2048}
    23: {id: credits_3072, doc: "3072", -value: 3072}
    24: {id: credits_4096, doc: "4096", -value: 4096}
    25: {id: credits_6144, doc: "6144", -value: 6144}
    26: {id: credits_8192, doc: "8192", -value: 8192}
    27: {id: credits_12288, doc: "12288", -value: 12288}
    28: {id: credits_16384, doc: "16384", -value: 16384}
    29: {id: credits_24576, doc: "24576", -value: 24576}
    30: {id: credits_32768, doc: "32768", -value: 32768}
    31: {id: unlimited, doc: unlimited}
  # an RNR NAK's timer code (the syndrome's low 5 bits): the least time to wait before retrying (IBTA vol 1
  # table 45), -value in microseconds; code 0 is the longest
  rnr_timer:
    0: {id: ms_655_36, doc: "655.36 ms", -value: 655360}
    1: {id: ms_0_01, doc: "0.01 ms", -value: 10}
    2: {id: ms_0_02, doc: "0.02 ms", -value: 20}
    3: {id: ms_0_03, doc: "0.03 ms", -value: 30}
    4: {id: ms_0_04, doc: "0.04 ms", -value: 40}
    5: {id: ms_0_06, doc: "0.06 ms", -value: 60}
    6: {id: ms_0_08, doc: "0.08 ms", -value: 80}
    7: {id: ms_0_12, doc: "0.12 ms", -value: 120}
    8: {id: ms_0_16, doc: "0.16 ms", -value: 160}
    9: {id: ms_0_24, doc: "0.24 ms", -value: 240}
    10: {id: ms_0_32, doc: "0.32 ms", -value: 320}
    11: {id: ms_0_48, doc: "0.48 ms", -value: 480}
    12: {id: ms_0_64, doc: "0.64 ms", -value: 640}
    13: {id: ms_0_96, doc: "0.96 ms", -value: 960}
    14: {id: ms_1_28, doc: "1.28 ms", -value: 1280}
    15: {id: ms_1_92, doc: "1.92 ms", -value: 1920}
    16: {id: ms_2_56, doc: "2.56 ms", -value: 2560}
    17: {id: ms_3_84, doc: "3.84 ms", -value: 3840}
    18: {id: ms_5_12, doc: "5.12 ms", -value: 5120}
    19: {id: ms_7_68, doc: "7.68 ms", -value: 7680}
    20: {id: ms_10_24, doc: "10.24 ms", -value: 10240}
    21: {id: ms_15_36, doc: "15.36 ms", -value: 15360}
    22: {id: ms_20_48, doc: "20.48 ms", -value: 20480}
    23: {id: ms_30_72, doc: "30.72 ms", -value: 30720}
    24: {id: ms_40_96, doc: "40.96 ms", -value: 40960}
    25: {id: ms_61_44, doc: "61.44 ms", -value: 61440}
    26: {id: ms_81_92, doc: "81.92 ms", -value: 81920}
    27: {id: ms_122_88, doc: "122.88 ms", -value: 122880}
    28: {id: ms_163_84, doc: "163.84 ms", -value: 163840}
    29: {id: ms_245_76, doc: "245.76 ms", -value: 245760}
    30: {id: ms_327_68, doc: "327.68 ms", -value: 327680}
    31: {id: ms_491_52, doc: "491.52 ms", -value: 491520}
  # the AETH syndrome: bits 6-5 the type, bits 4-0 a credit count, an RNR timer or a NAK code
  aeth_type:
    0: {id: ack, doc: ACK}
    1: {id: rnr_nak, doc: RNR NAK}
    2: {id: reserved, doc: Reserved}
    3: {id: nak, doc: NAK}
  # -fatal: the NAKs after which both QPs go to the error state (IBTA vol 1 9.7, NAK codes; ch. 10, QP states);
  # the requester retries after a PSN sequence error instead, and Invalid RD Request is RD's (its EE context)
  nak_code:
    0: {id: psn_sequence_error, doc: PSN Sequence Error}
    1: {id: invalid_request, doc: Invalid Request, -fatal: true}
    2: {id: remote_access_error, doc: Remote Access Error, -fatal: true}
    3: {id: remote_operational_error, doc: Remote Operational Error, -fatal: true}
    4: {id: invalid_rd_request, doc: Invalid RD Request}
  feth_selectivity:
    0: {id: memory_region_range, doc: Memory Region Range}
    1: {id: memory_region, doc: Memory Region}
instances:
  is_mad:
    doc: "a UD SEND Only to QP0 or QP1 carries one 256-byte MAD (GSI traffic such as the CM)"
    value: bth.opcode == 0x64 and bth.dest_qp <= 1 and _io.size - 12 - 8 - bth.pad_cnt - 4 >= 256
types:
  bth:
    doc: Base Transport Header, 12 bytes
    # the registry entries (RoCEscope's build generates Fields' from these: dissector/src/build/KsyTables.java)
    -wireshark: infiniband.bth
    -label: Base Transport Header
    -fields:
      - {id: opcode, wireshark: infiniband.bth.opcode, label: Opcode, names: OPCODES}
      - {id: se, wireshark: infiniband.bth.se, label: Solicited Event}
      - {id: m, wireshark: infiniband.bth.m, label: MigReq}
      - {id: padcnt, wireshark: infiniband.bth.padcnt, label: Pad Count}
      - {id: tver, wireshark: infiniband.bth.tver, label: Header Version}
      - {id: p_key, wireshark: infiniband.bth.p_key, label: Partition Key}
      - {id: fecn, wireshark: infiniband.bth.fecn, label: FECN}
      - {id: becn, wireshark: infiniband.bth.becn, label: BECN}
      - {id: reserved6, wireshark: infiniband.bth.reserved6, label: Reserved (6 bits)}
      - {id: destqp, wireshark: infiniband.bth.destqp, label: Destination Queue Pair, base: hex, digits: 6}
      - {id: a, wireshark: infiniband.bth.a, label: Acknowledge Request}
      - {id: reserved7, wireshark: infiniband.bth.reserved7, label: Reserved (7 bits)}
      - {id: psn, wireshark: infiniband.bth.psn, label: Packet Sequence Number}
    seq:
      - id: opcode
        type: u1
        doc: bits 7-5 transport (0 RC, 1 UC, 2 RD, 3 UD, 4 CNP, 5 XRC), bits 4-0 operation
      - id: solicited_event
        type: b1
      - id: mig_req
        type: b1
      - id: pad_cnt
        type: b2
      - id: transport_version
        type: b4
      - id: partition_key
        type: u2
      - id: fecn
        -icrc: variant
        type: b1
        doc: forward ECN (IB); reserved on RoCE, masked in the ICRC
      - id: becn
        -icrc: variant
        type: b1
        doc: backward ECN (IB); set in RoCEv2 CNPs
      - id: reserved6
        -icrc: variant
        type: b6
      - id: dest_qp
        type: b24
      - id: ack_req
        type: b1
      - id: reserved7
        type: b7
      - id: psn
        type: b24
    instances:
      transport:
        value: opcode >> 5
        enum: transport
  rdeth:
    -wireshark: infiniband.rdeth
    -abbrev: RDETH
    -label: RD Extended Transport Header
    # its tree is its -fields where the layout puts them (generated into IbTransportFieldsKsy.RDETH_LAYOUT)
    -tree: layout
    -fields:
      - {id: eecnxt, seq: ee_context, wireshark: infiniband.rdeth.eecnxt, label: E2E Context, base: hex, digits: 6}
    seq:
      - id: reserved
        type: u1
      - id: ee_context
        type: b24
  deth:
    -wireshark: infiniband.deth
    -abbrev: DETH
    -label: Datagram Extended Transport Header
    -tree: layout
    -fields:
      - {id: q_key, wireshark: infiniband.deth.q_key, label: Queue Key, base: hex, digits: 8, ws-base: hex, ws-digits: 16}
      - {id: srcqp, seq: src_qp, wireshark: infiniband.deth.srcqp, label: Source Queue Pair, base: hex, digits: 6, ws-base: hex, ws-digits: 8}
    seq:
      - id: q_key
        type: u4
      - id: reserved
        type: u1
      - id: src_qp
        type: b24
  reth:
    -wireshark: infiniband.reth
    -abbrev: RETH
    -label: RDMA Extended Transport Header
    -tree: layout
    -fields:
      - {id: va, seq: virtual_address, wireshark: infiniband.reth.va, label: Virtual Address, base: hex, digits: 16}
      - {id: r_key, wireshark: infiniband.reth.r_key, label: Remote Key, base: hex, digits: 8}
      - {id: dmalen, seq: dma_length, wireshark: infiniband.reth.dmalen, label: DMA Length}
    seq:
      - id: virtual_address
        type: u8
      - id: r_key
        type: u4
      - id: dma_length
        type: u4
  atomic_eth:
    -wireshark: infiniband.atomiceth
    -abbrev: AtomicETH
    -label: Atomic Extended Transport Header
    -tree: layout
    -fields:
      - {id: va, seq: virtual_address, wireshark: infiniband.atomiceth.va, label: Virtual Address, base: hex, digits: 16}
      - {id: r_key, wireshark: infiniband.atomiceth.r_key, label: Remote Key, base: hex, digits: 8}
      - {id: swapdt, seq: swap_or_add_data, wireshark: infiniband.atomiceth.swapdt, label: Swap (or Add) Data, base: hex, digits: 16, ws-base: dec}
      - {id: cmpdt, seq: compare_data, wireshark: infiniband.atomiceth.cmpdt, label: Compare Data, base: hex, digits: 16, ws-base: dec}
    seq:
      - id: virtual_address
        type: u8
      - id: r_key
        type: u4
      - id: swap_or_add_data
        type: u8
      - id: compare_data
        type: u8
  aeth:
    -wireshark: infiniband.aeth
    -abbrev: AETH
    -label: ACK Extended Transport Header
    -fields:
      # the syndrome byte, then its bits: the low five are a credit count, a timer, an error code or reserved by type
      - {id: syndrome, wireshark: infiniband.aeth.syndrome, label: Syndrome, names: SYNDROME_NAMES}
      - {id: syn_reserved, wireshark: infiniband.aeth.syndrome.reserved, label: Reserved}
      - {id: syn_type, wireshark: infiniband.aeth.syndrome.opcode, label: OpCode, names: aeth_type}
      - {id: syn_credit, wireshark: infiniband.aeth.syndrome.credit_count, label: Credit Count, names: CREDIT_NAMES}
      - {id: syn_timer, wireshark: infiniband.aeth.syndrome.timer, label: Timer, names: RNR_TIMER_NAMES}
      - {id: syn_reserved_value, wireshark: infiniband.aeth.syndrome.reserved_value, label: Reserved}
      - {id: syn_error, wireshark: infiniband.aeth.syndrome.error_code, label: Error Code, names: NAK_CODE_NAMES}
      - {id: msn, wireshark: infiniband.aeth.msn, label: Message Sequence Number}
    seq:
      - id: syndrome_reserved
        type: b1
      - id: syndrome_type
        type: b2
        doc: 0 ACK, 1 RNR NAK, 2 reserved, 3 NAK
      - id: syndrome_value
        type: b5
        doc: ACK credit code (31 = unlimited), RNR timer code, or NAK code
      - id: msn
        type: b24
    instances:
      syndrome:
        value: "(syndrome_reserved ? 128 : 0) | (syndrome_type << 5) | syndrome_value"
  atomic_ack_eth:
    -wireshark: infiniband.atomicacketh
    -abbrev: AtomicAckETH
    -label: Atomic ACK Extended Transport Header
    -tree: layout
    -fields:
      - {id: origremdt, seq: original_remote_data, wireshark: infiniband.atomicacketh.origremdt, label: Original Remote Data, base: hex, digits: 16, ws-base: dec}
    seq:
      - id: original_remote_data
        type: u8
  immdt:
    -wireshark: infiniband.immdt
    -abbrev: ImmDt
    -label: Immediate Data
    -base: hex
    -digits: 8
    -ws-base: bytes
    seq:
      - id: data
        type: u4
  ieth:
    -wireshark: infiniband.ieth
    -abbrev: IETH
    -label: RKey to Invalidate
    -base: hex
    -digits: 8
    seq:
      - id: r_key
        type: u4
  xrceth:
    -wireshark: infiniband.xrceth
    -abbrev: XRCETH
    -label: XRC Extended Transport Header
    -tree: layout
    -fields:
      - {id: xrcsrq, seq: xrc_srq, wireshark: infiniband.xrceth.xrcsrq, label: XRC SRQ Number, base: hex, digits: 6}
    seq:
      - id: reserved
        type: u1
      - id: xrc_srq
        type: b24
  feth:
    doc: FLUSH extended header; selectivity and placement as in rxe (bits 5-4, 3-0)
    -wireshark: infiniband.feth
    -abbrev: FETH
    -label: Flush Extended Transport Header
    -tree: layout
    -fields:
      - {id: sel, seq: selectivity_level, wireshark: infiniband.feth.sel, label: Selectivity Level, names: feth_selectivity}
      - {id: plt, seq: placement_type, wireshark: infiniband.feth.plt, label: Placement Type}
    seq:
      - id: reserved
        type: b26
      - id: selectivity_level
        type: b2
      - id: placement_type
        type: b4
  cnp_padding:
    -wireshark: infiniband.cnp
    -abbrev: CNP padding
    -label: Congestion Notification Packet
    -tree: layout
    -fields:
      - {id: reserved, wireshark: infiniband.cnp.reserved, label: Reserved, base: bytes}
    seq:
      - id: reserved
        size: 16
  # ---- header sets, one per distinct sequence ----
  hdrs_imm:
    seq:
      - {id: immdt, type: immdt}
  hdrs_reth:
    seq:
      - {id: reth, type: reth}
  hdrs_reth_imm:
    seq:
      - {id: reth, type: reth}
      - {id: immdt, type: immdt}
  hdrs_aeth:
    seq:
      - {id: aeth, type: aeth}
  hdrs_atomic_ack:
    seq:
      - {id: aeth, type: aeth}
      - {id: atomic_ack_eth, type: atomic_ack_eth}
  hdrs_atomic:
    seq:
      - {id: atomic_eth, type: atomic_eth}
  hdrs_ieth:
    seq:
      - {id: ieth, type: ieth}
  hdrs_feth_reth:
    seq:
      - {id: feth, type: feth}
      - {id: reth, type: reth}
  hdrs_deth:
    seq:
      - {id: deth, type: deth}
  hdrs_deth_imm:
    seq:
      - {id: deth, type: deth}
      - {id: immdt, type: immdt}
  hdrs_rd:
    seq:
      - {id: rdeth, type: rdeth}
  hdrs_rd_deth:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: deth, type: deth}
  hdrs_rd_deth_imm:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: deth, type: deth}
      - {id: immdt, type: immdt}
  hdrs_rd_deth_reth:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: deth, type: deth}
      - {id: reth, type: reth}
  hdrs_rd_deth_reth_imm:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: deth, type: deth}
      - {id: reth, type: reth}
      - {id: immdt, type: immdt}
  hdrs_rd_aeth:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: aeth, type: aeth}
  hdrs_rd_atomic_ack:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: aeth, type: aeth}
      - {id: atomic_ack_eth, type: atomic_ack_eth}
  hdrs_rd_deth_atomic:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: deth, type: deth}
      - {id: atomic_eth, type: atomic_eth}
  hdrs_rd_feth_reth:
    seq:
      - {id: rdeth, type: rdeth}
      - {id: feth, type: feth}
      - {id: reth, type: reth}
  hdrs_xrc:
    seq:
      - {id: xrceth, type: xrceth}
  hdrs_xrc_imm:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: immdt, type: immdt}
  hdrs_xrc_reth:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: reth, type: reth}
  hdrs_xrc_reth_imm:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: reth, type: reth}
      - {id: immdt, type: immdt}
  hdrs_xrc_atomic:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: atomic_eth, type: atomic_eth}
  hdrs_xrc_ieth:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: ieth, type: ieth}
  hdrs_xrc_feth_reth:
    seq:
      - {id: xrceth, type: xrceth}
      - {id: feth, type: feth}
      - {id: reth, type: reth}
