meta:
  id: ib_lrh
  title: Native InfiniBand packet (DLT_INFINIBAND, ERF type INFINIBAND) - the Local Route Header, then GRH or BTH, then the VCRC
  endian: be
  imports:
    - roce_v1_grh
    - ib_transport
doc: |
  IBTA Vol 1 §7.7: the 8-byte LRH a native InfiniBand packet starts with. Packet Length counts 4-byte words
  from the LRH through the ICRC; the 2-byte Variant CRC follows (§7.8.2), sent least significant byte first.
  Link Next Header says what follows: 3 IBA global (a GRH, then the BTH), 2 IBA local (the BTH).
# values of the format that are no field (constants of IbLrhLayout)
-constants:
  pktlen_unit: 4         # Packet Length counts 4-byte words
  variant_crc_size: 2    # after the packet, so no fixed offset of the seq
  variant_crc_init: 0xffff     # the VCRC's CRC-16 starts from all ones (IBTA vol 1 7.8.2)
  variant_crc_xor_out: 0xffff  # and is sent inverted
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order
-wireshark: infiniband.lrh
-label: Local Route Header
-fields:
  - {id: vl, wireshark: infiniband.lrh.vl, label: Virtual Lane, base: hex, digits: 2}
  - {id: lver, wireshark: infiniband.lrh.lver, label: Link Version}
  - {id: sl, wireshark: infiniband.lrh.sl, label: Service Level}
  - {id: reserved2, wireshark: infiniband.lrh.reserved2, label: Reserved (2 bits)}
  - {id: lnh, wireshark: infiniband.lrh.lnh, label: Link Next Header, base: hex, digits: 2, names: link_next_header}
  - {id: dlid, wireshark: infiniband.lrh.dlid, label: Destination Local ID}
  - {id: reserved5, wireshark: infiniband.lrh.reserved5, label: Reserved (5 bits)}
  - {id: pktlen, wireshark: infiniband.lrh.pktlen, label: Packet Length}
  - {id: slid, wireshark: infiniband.lrh.slid, label: Source Local ID}
  - {id: variant_crc, wireshark: infiniband.variant.crc, label: Variant CRC, base: hex, digits: 4}
seq:
  - id: vl
    -icrc: variant
    type: b4
    doc: virtual lane (15 is the management lane)
  - id: lver
    type: b4
  - id: sl
    type: b4
  - id: reserved2
    type: b2
  - id: lnh
    type: b2
    enum: link_next_header
  - id: dlid
    type: u2
  - id: reserved5
    type: b5
  - id: pktlen
    type: b11
    doc: 4-byte words, LRH through ICRC
  - id: slid
    type: u2
  - id: body
    size: pktlen * 4 - 8
    type:
      switch-on: lnh
      cases:
        'link_next_header::iba_global': roce_v1_grh
        'link_next_header::iba_local': ib_transport
  - id: variant_crc
    type: u2
enums:
  link_next_header:
    0: {id: raw, doc: Raw (RWH)}
    1: {id: ipv6, doc: IPv6 (non-IBA)}
    2: {id: iba_local, doc: IBA local (BTH)}
    3: {id: iba_global, doc: IBA global (GRH)}
