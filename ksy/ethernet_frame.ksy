meta:
  id: ethernet_frame
  title: Ethernet II frame (DLT_EN10MB), as captured without FCS
  endian: be
  imports:
    - ether_payload
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# eth.addr is hidden (either address; after eth.dst and after eth.src, as in Wireshark)
-wireshark: eth
-label: Ethernet II
-fields:
  - {id: dst, wireshark: eth.dst, label: Destination, base: ether}
  - {id: src, wireshark: eth.src, label: Source, base: ether}
  - {id: addr, wireshark: eth.addr, label: Address, base: ether}
  - {id: type, wireshark: eth.type, label: Type, base: hex, digits: 4, names: ether_payload::ether_type}
  - {id: trailer, wireshark: eth.trailer, label: Trailer, base: bytes}
# values of the format that are no field (KsyLayouts makes them constants of EthernetFrameLayout)
-constants:
  # the smallest frame, without its FCS (IEEE 802.3: 64 bytes with it); shorter ones are padded up to it
  min_frame_size: 60
  # the frame check sequence a capture may keep at the end (a CRC-32)
  fcs_size: 4
  # what a frame takes on the wire besides its own bytes (IEEE 802.3 clause 4): the preamble and start frame
  # delimiter before it (7 + 1 bytes), and the minimum inter-frame gap after it (96 bit times)
  preamble_sfd_size: 8
  inter_frame_gap: 12
  # the largest payload of a standard (not jumbo) frame: Ethernet's MTU
  max_payload_size: 1500
  broadcast_mac: 0xffffffffffff   # the all-ones destination
  group_address_bit: 0x01         # the I/G bit of a MAC's first byte: set in multicast and broadcast addresses
  universal_local_bit: 0x02       # the U/L bit of a MAC's first byte, which a modified EUI-64 inverts
  # the 16 bits a modified EUI-64 (RFC 4291 appendix A; a RoCE port's GUID, as rxe makes it) puts between a MAC's
  # third and fourth bytes
  eui64_filler: 0xfffe
doc: |
  Destination and source MAC, then an EtherType. Tags (802.1Q / 802.1ad) and the
  payload are decoded by ether_payload, which recurses through any number of tags.
seq:
  - id: dst_mac
    size: 6
  - id: src_mac
    size: 6
  - id: ether_type
    type: u2
  - id: body
    type: ether_payload(ether_type)
