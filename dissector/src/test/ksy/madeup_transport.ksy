meta:
  id: madeup_transport
  title: XYZETH, a made-up extended transport header (test only)
  endian: be
doc: |
  Proves that an extended header can be added by a .ksy alone: the dissector's test build generates this file
  (dissector/src/build/KsyTables.java, as for ksy/) into a described header found through ServiceLoader, its
  fields registered, decoded and encoded from the layout below; the only Java is its Info text
  (src/test/java/io/rocescope/dissector/madeup/XyzethInfo.java). Never in the product.

  It rides opcode 0xF7. IBTA vol 1 (table 38) gives the opcodes 0xC0-0xFF (transport bits 110 and 111) to
  manufacturers: no standard header can ever be defined there, ksy/ib_transport.ksy names none of them (the real
  decoder reports "Unknown opcode 0xf7 (reserved or vendor-specific)" and shows the rest as payload), and the
  registry refuses at start a described header on an opcode ib_transport.ksy defines (ExtendedHeaders).
types:
  xyzeth:
    -wireshark: madeup.xyzeth
    -label: Made-up Extended Transport Header
    -opcodes: [0xf7]
    -info: XyzethInfo
    -fields:
      - {id: flavor, wireshark: madeup.xyzeth.flavor, label: Flavor, names: flavor}
      - {id: urgent, wireshark: madeup.xyzeth.urgent, label: Urgent}
      - {id: level, wireshark: madeup.xyzeth.level, label: Level}
      - {id: key, wireshark: madeup.xyzeth.key, label: Key, base: hex, digits: 8}
      - {id: tag, seq: opaque, wireshark: madeup.xyzeth.tag, label: Tag, base: bytes}
    seq:
      - id: flavor
        type: u1
      - id: urgent
        type: b1
      - id: level
        type: b3
      - id: reserved
        type: b20
      - id: key
        type: u4
      - id: opaque
        size: 4
enums:
  flavor:
    0: {id: vanilla, doc: Vanilla}
    1: {id: chocolate, doc: Chocolate}
    5: {id: strawberry, doc: Strawberry}
