meta:
  id: ether_payload
  title: What follows an EtherType (shared by Ethernet, 802.1Q tags and Linux cooked captures)
  endian: be
  imports:
    - ipv4_packet
    - ipv6_packet
    - roce_v1_grh
    - mac_control
    - arp_packet
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order;
# one tag layout (vlan_tag) is two protocols in Wireshark: 802.1Q's C-tag and 802.1ad's S-tag
-fields:
  - {id: vlan, wireshark: vlan, label: 802.1Q Virtual LAN, base: protocol}
  - {id: vlan_priority, wireshark: vlan.priority, label: Priority}
  - {id: vlan_dei, wireshark: vlan.dei, label: DEI}
  - {id: vlan_id, wireshark: vlan.id, label: ID}
  - {id: vlan_etype, wireshark: vlan.etype, label: Type, base: hex, digits: 4, names: ether_type}
  - {id: qinq, wireshark: ieee8021ad, label: IEEE 802.1ad, base: protocol}
  - {id: qinq_priority, wireshark: ieee8021ad.priority, label: Priority}
  - {id: qinq_dei, wireshark: ieee8021ad.dei, label: DEI}
  - {id: qinq_id, wireshark: ieee8021ad.id, label: ID}
  - {id: qinq_etype, wireshark: ieee8021ad.etype, label: Type, base: hex, digits: 4, names: ether_type}
params:
  - id: ether_type
    type: u2
seq:
  - id: body
    size-eos: true
    type:
      switch-on: ether_type
      cases:
        0x8100: vlan_tag        # IEEE 802.1Q C-tag
        0x88a8: vlan_tag        # IEEE 802.1ad S-tag (QinQ outer)
        0x9100: vlan_tag        # pre-standard QinQ outer tag
        0x0800: ipv4_packet
        0x86dd: ipv6_packet
        0x8915: roce_v1_grh     # RoCE v1: GRH then BTH
        0x8808: mac_control     # PAUSE (802.3x) and PFC (802.1Qbb)
        0x0806: arp_packet
types:
  vlan_tag:
    doc: The 4-byte tag minus its TPID (which was read as the previous EtherType).
    seq:
      - id: pcp
        type: b3
        doc: priority code point; PFC classes map to it
      - id: dei
        type: b1
      - id: vid
        type: b12
      - id: ether_type
        type: u2
      - id: body
        type: ether_payload(ether_type)
enums:
  # the EtherTypes a RoCE capture meets, named as Wireshark's etype_vals names them (eth.type, vlan.etype,
  # sll.etype, ipoib.type)
  ether_type:
    0x0800: {id: ipv4, doc: IPv4}
    0x0806: {id: arp, doc: ARP}
    0x8035: {id: reverse_arp, doc: RARP}
    0x8100: {id: vlan, doc: 802.1Q Virtual LAN}
    0x86dd: {id: ipv6, doc: IPv6}
    0x8808: {id: mac_control, doc: MAC Control}
    0x88a8: {id: qinq, doc: 802.1ad Provider Bridge (Q-in-Q)}
    0x88cc: {id: lldp, doc: 802.1 Link Layer Discovery Protocol (LLDP)}
    0x8915: {id: roce, doc: RDMA over Converged Ethernet}
    0x9100: {id: qinq_old, doc: "QinQ: old non-standard 802.1ad"}
