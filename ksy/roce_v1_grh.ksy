meta:
  id: roce_v1_grh
  title: RoCE v1 (EtherType 0x8915) Global Route Header, then the IB transport
  endian: be
  imports:
    - ib_transport
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order
-wireshark: infiniband.grh
-label: Global Route Header
-fields:
  - {id: ipver, wireshark: infiniband.grh.ipver, label: IP Version}
  - {id: tclass, wireshark: infiniband.grh.tclass, label: Traffic Class}
  - {id: flowlabel, wireshark: infiniband.grh.flowlabel, label: Flow Label}
  - {id: paylen, wireshark: infiniband.grh.paylen, label: Payload Length}
  - {id: nxthdr, wireshark: infiniband.grh.nxthdr, label: Next Header, base: hex, digits: 2, ws-base: dec}
  - {id: hoplmt, wireshark: infiniband.grh.hoplmt, label: Hop Limit}
  - {id: sgid, wireshark: infiniband.grh.sgid, label: Source GID, base: ipv6}
  - {id: dgid, wireshark: infiniband.grh.dgid, label: Destination GID, base: ipv6}
seq:
  - id: ip_version
    type: b4
    doc: 6 (the GRH is laid out as an IPv6 header)
  - id: traffic_class
    -icrc: variant
    type: b8
  - id: flow_label
    -icrc: variant
    type: b20
  - id: payload_length
    type: u2
    doc: BTH through ICRC
  - id: next_header
    type: u1
  - id: hop_limit
    -icrc: variant
    type: u1
    doc: 1 (RoCEv1 is not routed)
  - id: sgid
    size: 16
  - id: dgid
    size: 16
  - id: body
    size: payload_length
    type:
      switch-on: next_header
      cases:
        0x1b: ib_transport   # a BTH follows only when NxtHdr is 0x1B
enums:
  next_header:
    0x1b: {id: bth, doc: IBA transport (BTH)}
