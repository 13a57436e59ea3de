meta:
  id: ethernet_frame
  title: Ethernet II frame (DLT_EN10MB), as captured without FCS
  endian: be
  imports:
    - ether_payload
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
