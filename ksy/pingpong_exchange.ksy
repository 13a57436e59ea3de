meta:
  id: pingpong_exchange
  title: The TCP exchange of rdma-core's libibverbs example programs (ibv_rc/uc/ud/srq/xsrq_pingpong, port 18515)
  # text only: no integer is read, but the layouts of dissector/src/build/KsyLayouts.java are read big-endian
  endian: be
  encoding: ASCII
doc: |
  One direction of the exchange (rdma-core libibverbs/examples/pingpong.c and *_pingpong.c): each side writes one
  fixed-size, NUL-terminated text message per QP, sprintf(msg, "%04x:%06x:%06x:%s", lid, qpn, psn, gid) into
  char msg[sizeof "0000:000000:000000:" + 32 hex digits] (52 bytes; ibv_srq_pingpong sends one per QP back to back),
  the GID as 32 hex digits in wire order (gid_to_wire_gid); the client then writes "done\0". ibv_xsrq_pingpong
  writes MSG_FORMAT "%04x:%06x:%06x:%06x:%06x:%32s" (66 bytes) and "END\0". Lower-case hex throughout.
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order.
# Wireshark has no dissector for this exchange: the names are RoCEscope's, the prefix the programs' common name
# (so that -Y ibv_pingpong finds them); index is the dissector's (the destination's number in its direction)
-wireshark: ibv_pingpong
-label: libibverbs pingpong example exchange
-fields:
  - {id: message, wireshark: ibv_pingpong.message, label: Message, base: string}
  - {id: index, wireshark: ibv_pingpong.index, label: Destination number in this direction (one per QP)}
  - {id: lid, wireshark: ibv_pingpong.lid, label: LID, base: hex, digits: 4}
  - {id: qpn, wireshark: ibv_pingpong.qpn, label: QPN, base: hex, digits: 6}
  - {id: psn, wireshark: ibv_pingpong.psn, label: PSN, base: hex, digits: 6}
  - {id: gid, wireshark: ibv_pingpong.gid, label: GID, base: string}
  - {id: gid_ipv4, wireshark: ibv_pingpong.gid_ipv4, label: GID (IPv4), base: ipv4}
  - {id: send_qpn, wireshark: ibv_pingpong.send_qpn, label: Send QPN (xsrq), base: hex, digits: 6}
  - {id: srqn, wireshark: ibv_pingpong.srqn, label: SRQ number (xsrq), base: hex, digits: 6}
seq:
  - id: messages
    type: message
    repeat: eos
types:
  message:
    doc: |
      One message: which one is told by its first bytes ("do" and "E" are no hex LID) and, for a destination, by
      byte 25, a colon only in xsrq's (xrc_dest's sep_psn; dest's GID digits there).
    seq:
      - id: body
        type:
          switch-on: kind
          cases:
            1: done
            2: end
            3: xrc_dest
            _: dest
    instances:
      start:
        value: _io.pos
      head:
        pos: start
        size: 2
      byte25:
        pos: start + 25
        type: u1
      kind:
        value: 'head[0] == 0x45 ? 2 : (head[0] == 0x64 and head[1] == 0x6f) ? 1 : byte25 == 0x3a ? 3 : 0'
  dest:
    doc: ibv_rc/uc/ud/srq_pingpong's "%04x:%06x:%06x:%s" with the 32-digit GID, and its NUL
    seq:
      - {id: lid, type: str, size: 4}
      - {id: sep_lid, contents: ':'}
      - {id: qpn, type: str, size: 6}
      - {id: sep_qpn, contents: ':'}
      - {id: psn, type: str, size: 6}
      - {id: sep_psn, contents: ':'}
      - {id: gid, type: str, size: 32, doc: "the GID's 16 bytes in wire order, two hex digits each"}
      - {id: terminator, contents: [0]}
  xrc_dest:
    doc: ibv_xsrq_pingpong's MSG_FORMAT "%04x:%06x:%06x:%06x:%06x:%32s" and its NUL
    seq:
      - {id: lid, type: str, size: 4}
      - {id: sep_lid, contents: ':'}
      - {id: recv_qpn, type: str, size: 6}
      - {id: sep_recv_qpn, contents: ':'}
      - {id: send_qpn, type: str, size: 6}
      - {id: sep_send_qpn, contents: ':'}
      - {id: psn, type: str, size: 6}
      - {id: sep_psn, contents: ':'}
      - {id: srqn, type: str, size: 6}
      - {id: sep_srqn, contents: ':'}
      - {id: gid, type: str, size: 32}
      - {id: terminator, contents: [0]}
  done:
    doc: the client's last message (rc/uc/ud/srq_pingpong)
    seq:
      - {id: word, contents: done}
      - {id: terminator, contents: [0]}
  end:
    doc: ibv_xsrq_pingpong's last message
    seq:
      - {id: word, contents: END}
      - {id: terminator, contents: [0]}
