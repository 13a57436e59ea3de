meta:
  id: perftest_exchange
  title: perftest's out-of-band exchange over TCP (default port 18515, when -R/--rdma_cm is not given)
  endian: be
  encoding: ASCII
# values of the exchange that are no field (constants of PerftestExchangeLayout)
-constants:
  default_port: 18515   # perftest's TCP port when -p is not given
  # the versions (major, minor) from which a record is sent: the cycle-buffer and cache-line sizes (5.32), the MTU
  # (5.1), the MTU in its 5.31 form rather than mtu_before_5_31
  cycle_buffer_since_major: 5
  cycle_buffer_since_minor: 32
  mtu_since_major: 5
  mtu_since_minor: 1
  mtu_text_since_major: 5
  mtu_text_since_minor: 31
doc: |
  One direction of the exchange (linux-rdma/perftest src/perftest_communication.c); for each primitive the client
  writes first, so both directions carry the same records: the version string, from 5.32 the cycle-buffer and
  cache-line sizes, from 5.1 the MTU, from 6.28 the parameter negotiation block (a raw C struct, partly in host
  order: not described), then key messages (the QPs' struct pingpong_dest as text), sent again at every
  synchronisation, and in BW tests the bandwidth report. The top-level seq is the records every direction of a
  perftest of 5.32 or later starts with; the types below are the records that follow, told apart by their text
  (the key messages) or size (the report).
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order.
# Wireshark has no dissector for this exchange: the names are RoCEscope's; record and key.index are the dissector's
# (the record's kind, the key message's number in its direction), unknown the bytes of no record it knows
-wireshark: perftest
-label: perftest out-of-band exchange
-fields:
  - {id: record, wireshark: perftest.record, label: Record, base: string}
  - {id: version, wireshark: perftest.version, label: Version, base: string}
  - {id: cycle_buffer, wireshark: perftest.cycle_buffer, label: Cycle buffer}
  - {id: cache_line_size, wireshark: perftest.cache_line_size, label: Cache line size}
  - {id: mtu, wireshark: perftest.mtu, label: MTU (ibv_mtu), names: CmNames.MTU}
  - {id: key_index, wireshark: perftest.key.index, label: Key message number in this direction}
  - {id: key_lid, wireshark: perftest.key.lid, label: LID, base: hex, digits: 4}
  - {id: key_out_reads, wireshark: perftest.key.out_reads, label: Outstanding reads}
  - {id: key_qpn, wireshark: perftest.key.qpn, label: QPN, base: hex, digits: 6}
  - {id: key_psn, wireshark: perftest.key.psn, label: PSN, base: hex, digits: 6}
  - {id: key_rkey, wireshark: perftest.key.rkey, label: R_Key, base: hex, digits: 8}
  - {id: key_vaddr, wireshark: perftest.key.vaddr, label: Virtual address, base: hex, digits: 16}
  - {id: key_gid, wireshark: perftest.key.gid, label: GID, base: string}
  - {id: key_gid_ipv4, wireshark: perftest.key.gid_ipv4, label: GID (IPv4), base: ipv4}
  - {id: key_srqn, wireshark: perftest.key.srqn, label: SRQ number, base: hex, digits: 8}
  - {id: sync, wireshark: perftest.sync, label: Sync string, base: string}
  - {id: report_size, wireshark: perftest.report.size, label: Message size (bytes)}
  - {id: report_iters, wireshark: perftest.report.iters, label: Iterations}
  - {id: report_bw_peak, wireshark: perftest.report.bw_peak, label: BW peak (MB/s), base: double}
  - {id: report_bw_avg, wireshark: perftest.report.bw_avg, label: BW average (MB/s), base: double}
  - {id: report_msg_rate, wireshark: perftest.report.msg_rate, label: Message rate (Mpps), base: double}
  - {id: unknown, wireshark: perftest.unknown, label: Unrecognized bytes, base: bytes}
seq:
  - id: version
    type: version
    doc: unless --dont_xchg_versions
  - id: cycle_buffer
    type: u4
    doc: the peer's version is 5.32 or later
  - id: cache_line_size
    type: u4
    doc: the peer's version is 5.32 or later
  - id: mtu
    type: mtu
    doc: the peer's version is 5.31 or later (5.1 to 5.30 send mtu_before_5_31)
types:
  version:
    doc: VERSION ("6.29") strncpy'd into char[16], NUL-padded
    seq:
      - {id: text, type: strz, size: 15}
      - {id: terminator, contents: [0]}
  mtu:
    doc: the ibv_mtu enum's decimal digit and NUL ("5\0" is 4096 bytes)
    seq:
      - {id: text, type: strz, size: 2}
  mtu_before_5_31:
    seq:
      - {id: text, type: strz, size: 4}
  key_common:
    doc: 'what every key message starts with: "%04x:%04x:%06x:%06x:%08x:%016llx:"'
    seq:
      - {id: lid, type: str, size: 4}
      - {id: sep_lid, contents: ':'}
      - {id: out_reads, type: str, size: 4}
      - {id: sep_out_reads, contents: ':'}
      - {id: qpn, type: str, size: 6}
      - {id: sep_qpn, contents: ':'}
      - {id: psn, type: str, size: 6}
      - {id: sep_psn, contents: ':'}
      - {id: rkey, type: str, size: 8}
      - {id: sep_rkey, contents: ':'}
      - {id: vaddr, type: str, size: 16}
      - {id: sep_vaddr, contents: ':'}
  gid_byte:
    seq:
      - {id: hex, type: str, size: 2}
      - {id: sep, contents: ':'}
  gid_text:
    doc: the GID's 16 bytes in wire order, "%02x:" each
    seq:
      - {id: octets, type: gid_byte, repeat: expr, repeat-expr: 16}
  key:
    doc: 'with a GID (any RoCE run): key_common, 16 "%02x:", "%08x:", NUL (KEY_MSG_SIZE_GID, 108)'
    seq:
      - {id: common, type: key_common}
      - {id: gid, type: gid_text}
      - {id: srqn, type: str, size: 8}
      - {id: sep_srqn, contents: ':'}
      - {id: terminator, contents: [0]}
  key_no_gid:
    doc: |
      without a GID (gid_index -1: InfiniBand without GRH): key_common, "%08x", NUL (KEY_MSG_SIZE, 59). Builds from
      before XRC (2013) send key and key_no_gid without the SRQN; RoCEscope reads those too
    seq:
      - {id: common, type: key_common}
      - {id: srqn, type: str, size: 8}
      - {id: terminator, contents: [0]}
  key_with_tail:
    doc: '--data_validation builds: the tail markers'' virtual address after key_common (125 bytes)'
    seq:
      - {id: common, type: key_common}
      - {id: tail_vaddr, type: str, size: 16}
      - {id: sep_tail_vaddr, contents: ':'}
      - {id: gid, type: gid_text}
      - {id: srqn, type: str, size: 8}
      - {id: sep_srqn, contents: ':'}
      - {id: terminator, contents: [0]}
  key_with_tail_no_gid:
    doc: '--data_validation builds without a GID (76 bytes)'
    seq:
      - {id: common, type: key_common}
      - {id: tail_vaddr, type: str, size: 16}
      - {id: sep_tail_vaddr, contents: ':'}
      - {id: srqn, type: str, size: 8}
      - {id: terminator, contents: [0]}
  sync:
    doc: '"done\0"'
    seq:
      - {id: word, contents: done}
      - {id: terminator, contents: [0]}
  report:
    doc: |
      The bandwidth report of BW tests: perftest byte-swaps each value to big-endian before sending it (40 bytes;
      builds with per-port results append 4 doubles, not read here)
    seq:
      - {id: msg_size, type: u8}
      - {id: iters, type: u8}
      - {id: bw_peak, type: f8}
      - {id: bw_avg, type: f8}
      - {id: msg_rate, type: f8}
  report_before_5_33:
    doc: the report of peers before 5.33, whose iteration count is 32 bits (36 bytes)
    seq:
      - {id: msg_size, type: u8}
      - {id: iters, type: u4}
      - {id: bw_peak, type: f8}
      - {id: bw_avg, type: f8}
      - {id: msg_rate, type: f8}
