meta:
  id: ib_mad
  title: InfiniBand MAD (256 bytes) with the Communication Manager class, as RoCE carries it to QP1
  endian: be
doc: |
  Common MAD header (IBTA vol 1 13.4.2) and, for the CM class (0x07), every CM message of IBTA
  vol 1 ch. 12 (REQ, MRA, REJ, REP, RTU, DREQ, DREP, SIDR_REQ, SIDR_REP, LAP, APR). Offsets in the
  comments are from the start of the CM message (MAD offset - 24).
# the registry entries (RoCEscope's build generates CmFields' from these: dissector/src/build/KsyTables.java):
# the MAD header's, then the CM node, RoCEscope's Q_Key check and ClassPortInfo; each CM message's in its type.
# ws-base/ws-digits: how Wireshark's hf shows a value where RoCEscope's text differs (tshark's -T json prints that)
# constants of the format that are no field (dissector/src/build/KsyLayouts.java writes them into IbMadLayout)
-constants:
  iba_time_unit_ns: 4096  # an IBA time field of value n is 4.096 us x 2^n (ACK timeout, CM response timeouts)
  mad_base_version: 1     # the MAD header's base version of every MAD (IBTA vol 1 13.4.2)
  cm_class_version: 2     # the class version of the CM's MADs (IBTA vol 1 12.6)
  default_p_key: 0xffff   # the full-member default partition key (IBTA vol 1 10.9.1.2), what RoCE uses
  permissive_lid: 0xffff  # the permissive LID: a CM path of RoCE names no LID (IBTA vol 1 4.1.3)
  gsi_qp: 1               # MADs go to QP0 (the SMI's) or QP1 (the GSI's): a destination QP <= gsi_qp
  gsi_q_key: 0x80010000   # the Q_Key every GSI (QP1) MAD carries in its DETH (the well-known Q_Key of QP1); CM drops others
  # the first 5 bytes of an RDMA-CM service ID (IBTA Annex A11, 00 00 00 00 01), read as a number; then come the
  # port space and the port (type service_id)
  rdma_ip_service_id_prefix: 0x01
  # a GID of an IPv4 address (in a REQ path, and RDMA-CM's cma_hdr addresses) is the IPv4-mapped IPv6 address
  # ::ffff:a.b.c.d (RFC 4291 2.5.5.2; RoCEv2 GIDs, IBTA vol 1 Annex A17): ten zero bytes, the 16-bit marker
  # 0xffff at byte 10, the IPv4 address in the last 4 bytes (from byte 12)
  ipv4_mapped_gid_marker_offset: 10
  ipv4_mapped_gid_marker: 0xffff
  ipv4_mapped_gid_offset: 12
-wireshark: infiniband.mad
-label: MAD Header - Common Management Datagram
-fields:
  - {id: baseversion, wireshark: infiniband.mad.baseversion, label: Base Version, ws-base: hex, ws-digits: 2}
  - {id: mgmtclass, wireshark: infiniband.mad.mgmtclass, label: Management Class, base: hex, digits: 2, names: mgmt_class}
  - {id: classversion, wireshark: infiniband.mad.classversion, label: Class Version, ws-base: hex, ws-digits: 2}
  - {id: method, wireshark: infiniband.mad.method, label: Method, base: hex, digits: 2, names: method}
  - {id: status, wireshark: infiniband.mad.status, label: Status, base: hex, digits: 4}
  - {id: classspecific, wireshark: infiniband.mad.classspecific, label: Class Specific, base: hex, digits: 4}
  - {id: transactionid, wireshark: infiniband.mad.transactionid, label: Transaction ID, base: hex, digits: 16}
  - {id: attributeid, wireshark: infiniband.mad.attributeid, label: Attribute ID, base: hex, digits: 4, names: cm_attribute}
  - {id: attributemodifier, wireshark: infiniband.mad.attributemodifier, label: Attribute Modifier, base: hex, digits: 8}
  - {id: data, wireshark: infiniband.mad.data, label: MAD Data Payload, base: bytes}
  - {id: cm, wireshark: infiniband.cm, label: Communication Manager, base: protocol}
  - {id: qkey_mismatch, wireshark: infiniband.cm.qkey_mismatch, label: Q_Key is not the GSI Q_Key 0x80010000 (CM drops it), base: bool}
  - {id: classportinfo, wireshark: infiniband.cm.classportinfo, label: ClassPortInfo, base: bytes}
seq:
  - id: base_version
    type: u1
  - id: mgmt_class
    type: u1
    doc: 0x07 = Communication Management
  - id: class_version
    type: u1
  - id: method
    type: u1
    doc: CM messages use Send (0x03)
  - id: status
    type: u2
  - id: class_specific
    type: u2
  - id: transaction_id
    type: u8
  - id: attribute_id
    type: u2
  - id: reserved
    type: u2
  - id: attribute_modifier
    type: u4
  - id: data
    size: 232
    type:
      switch-on: "mgmt_class == 7 ? attribute_id : 0"
      cases:
        0x0010: cm_req
        0x0011: cm_mra
        0x0012: cm_rej
        0x0013: cm_rep
        0x0014: cm_rtu
        0x0015: cm_dreq
        0x0016: cm_drep
        0x0017: cm_sidr_req
        0x0018: cm_sidr_rep
        0x0019: cm_lap
        0x001a: cm_apr
types:
  service_id:
    doc: RDMA-CM service IDs are 00 00 00 00 01 <port space> <port hi> <port lo>
    seq:
      - id: prefix
        size: 5
      - id: port_space
        type: u1
        doc: "0x06 TCP, 0x11 UDP, 0x3f IB; with the 01 before it the port spaces 0x0106, 0x0111, 0x013f"
      - id: port
        type: u2
  path:
    doc: one path of a REQ (44 bytes; the alternate path has the same layout)
    seq:
      - id: local_lid
        type: u2
      - id: remote_lid
        type: u2
      - id: local_gid
        size: 16
      - id: remote_gid
        size: 16
      - id: flow_label
        type: b20
      - id: reserved0
        type: b6
      - id: packet_rate
        type: b6
      - id: traffic_class
        type: u1
      - id: hop_limit
        type: u1
      - id: sl
        type: b4
      - id: subnet_local
        type: b1
      - id: reserved1
        type: b3
      - id: local_ack_timeout
        type: b5
        doc: 4.096 us * 2^value
      - id: reserved2
        type: b3
  cma_hdr:
    -fields:
      - {id: ip_cm, wireshark: infiniband.cm.req.ip_cm, label: RDMA-CM IP addressing header, base: protocol}
      - {id: majv, wireshark: infiniband.cm.req.ip_cm.majv, label: IP CM Major Version, ws-base: hex, ws-digits: 2}
      - {id: minv, wireshark: infiniband.cm.req.ip_cm.minv, label: IP CM Minor Version, ws-base: hex, ws-digits: 2}
      - {id: ipv, wireshark: infiniband.cm.req.ip_cm.ipv, label: IP Version, ws-base: hex, ws-digits: 2}
      - {id: sport, wireshark: infiniband.cm.req.ip_cm.sport, label: Source Port, ws-base: hex, ws-digits: 4}
      - {id: sip4, wireshark: infiniband.cm.req.ip_cm.sip4, label: Source IP, base: ipv4}
      - {id: dip4, wireshark: infiniband.cm.req.ip_cm.dip4, label: Destination IP, base: ipv4}
      - {id: sip6, wireshark: infiniband.cm.req.ip_cm.sip6, label: Source IP, base: ipv6}
      - {id: dip6, wireshark: infiniband.cm.req.ip_cm.dip6, label: Destination IP, base: ipv6}
      - {id: private, wireshark: infiniband.cm.req.ip_cm.private, label: Consumer Private Data, base: bytes}
    doc: RDMA-CM's header at the start of REQ / SIDR_REQ private data
    seq:
      - id: major_version
        type: b4
      - id: minor_version
        type: b4
      - id: ip_version
        type: b4
      - id: reserved
        type: b4
      - id: src_port
        type: u2
      - id: src_addr
        size: 16
        doc: the IPv4 address sits in the last 4 bytes
      - id: dst_addr
        size: 16
      - id: consumer_private_data
        size-eos: true
  cm_req:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.req, label: Local Communication ID, base: hex, digits: 8}
      - {id: serviceid, wireshark: infiniband.cm.req.serviceid, label: ServiceID, base: hex, digits: 16}
      - {id: serviceid_prefix, wireshark: infiniband.cm.req.serviceid.prefix, label: Prefix, base: bytes}
      - {id: serviceid_protocol, wireshark: infiniband.cm.req.serviceid.protocol, label: Protocol (port space), base: hex, digits: 2, names: port_space}
      - {id: serviceid_dport, wireshark: infiniband.cm.req.serviceid.dport, label: Destination Port, ws-base: hex, ws-digits: 4}
      - {id: localcaguid, wireshark: infiniband.cm.req.localcaguid, label: Local CA GUID, base: hex, digits: 16}
      - {id: localqkey, wireshark: infiniband.cm.req.localqkey, label: Local Q_Key, base: hex, digits: 8}
      - {id: localqpn, wireshark: infiniband.cm.req.localqpn, label: Local QPN, base: hex, digits: 6}
      - {id: responderres, wireshark: infiniband.cm.req.responderres, label: Responder Resources, ws-base: hex, ws-digits: 2}
      - {id: localeecn, wireshark: infiniband.cm.req.localeecn, label: Local EECN, base: hex, digits: 6}
      - {id: initdepth, wireshark: infiniband.cm.req.initdepth, label: Initiator Depth, ws-base: hex, ws-digits: 2}
      - {id: remoteeecn, wireshark: infiniband.cm.req.remoteeecn, label: Remote EECN, base: hex, digits: 6}
      - {id: remoteresptout, wireshark: infiniband.cm.req.remoteresptout, label: Remote CM Response Timeout, names: CmNames.IBA_TIME, ws-base: hex, ws-digits: 2}
      - {id: transpsvctype, wireshark: infiniband.cm.req.transpsvctype, label: Transport Service Type, names: transport_service, ws-base: hex, ws-digits: 2}
      - {id: e2eflowctrl, wireshark: infiniband.cm.req.e2eflowctrl, label: End-to-End Flow Control, ws-base: hex, ws-digits: 2}
      - {id: startpsn, wireshark: infiniband.cm.req.startpsn, label: Starting PSN, base: hex, digits: 6}
      - {id: localresptout, wireshark: infiniband.cm.req.localresptout, label: Local CM Response Timeout, names: CmNames.IBA_TIME, ws-base: hex, ws-digits: 2}
      - {id: retrcount, wireshark: infiniband.cm.req.retrcount, label: Retry Count, ws-base: hex, ws-digits: 2}
      - {id: pkey, wireshark: infiniband.cm.req.pkey, label: Partition Key, base: hex, digits: 4}
      - {id: pppmtu, wireshark: infiniband.cm.req.pppmtu, label: Path Packet Payload MTU, names: path_mtu, ws-base: hex, ws-digits: 2}
      - {id: rdcexist, wireshark: infiniband.cm.req.rdcexist, label: RDC Exists, ws-base: hex, ws-digits: 2}
      - {id: rnrretrcount, wireshark: infiniband.cm.req.rnrretrcount, label: RNR Retry Count, names: rnr_retry_count, ws-base: hex, ws-digits: 2}
      - {id: maxcmretr, wireshark: infiniband.cm.req.maxcmretr, label: Max CM Retries, ws-base: hex, ws-digits: 2}
      - {id: srq, wireshark: infiniband.cm.req.srq, label: SRQ, ws-base: hex, ws-digits: 2}
      - {id: ext_transport, wireshark: infiniband.cm.req.ext_transport, label: Extended Transport Type, names: extended_transport_type, ws-base: hex, ws-digits: 2}
      - {id: prim_locallid, wireshark: infiniband.cm.req.prim_locallid, label: Primary Local Port LID, base: hex, digits: 4, ws-base: dec}
      - {id: prim_remotelid, wireshark: infiniband.cm.req.prim_remotelid, label: Primary Remote Port LID, base: hex, digits: 4, ws-base: dec}
      - {id: prim_localgid, wireshark: infiniband.cm.req.prim_localgid, label: Primary Local Port GID, base: ipv6}
      - {id: prim_remotegid, wireshark: infiniband.cm.req.prim_remotegid, label: Primary Remote Port GID, base: ipv6}
      - {id: prim_localgid_ipv4, wireshark: infiniband.cm.req.prim_localgid_ipv4, label: Primary Local Port GID (IPv4), base: ipv4}
      - {id: prim_remotegid_ipv4, wireshark: infiniband.cm.req.prim_remotegid_ipv4, label: Primary Remote Port GID (IPv4), base: ipv4}
      - {id: prim_flowlabel, wireshark: infiniband.cm.req.prim_flowlabel, label: Primary Flow Label, base: hex, digits: 5}
      - {id: prim_pktrate, wireshark: infiniband.cm.req.prim_pktrate, label: Primary Packet Rate}
      - {id: prim_tfcclass, wireshark: infiniband.cm.req.prim_tfcclass, label: Primary Traffic Class, ws-base: hex, ws-digits: 2}
      - {id: prim_hoplim, wireshark: infiniband.cm.req.prim_hoplim, label: Primary Hop Limit, ws-base: hex, ws-digits: 2}
      - {id: prim_sl, wireshark: infiniband.cm.req.prim_sl, label: Primary SL, ws-base: hex, ws-digits: 2}
      - {id: prim_subnetlocal, wireshark: infiniband.cm.req.prim_subnetlocal, label: Primary Subnet Local, ws-base: hex, ws-digits: 2}
      - {id: prim_localacktout, wireshark: infiniband.cm.req.prim_localacktout, label: Primary Local ACK Timeout, names: CmNames.IBA_TIME, ws-base: hex, ws-digits: 2}
      - {id: alt_locallid, wireshark: infiniband.cm.req.alt_locallid, label: Alternate Local Port LID, base: hex, digits: 4, ws-base: dec}
      - {id: alt_remotelid, wireshark: infiniband.cm.req.alt_remotelid, label: Alternate Remote Port LID, base: hex, digits: 4, ws-base: dec}
      - {id: alt_localgid, wireshark: infiniband.cm.req.alt_localgid, label: Alternate Local Port GID, base: ipv6}
      - {id: alt_remotegid, wireshark: infiniband.cm.req.alt_remotegid, label: Alternate Remote Port GID, base: ipv6}
      - {id: alt_localgid_ipv4, wireshark: infiniband.cm.req.alt_localgid_ipv4, label: Alternate Local Port GID (IPv4), base: ipv4}
      - {id: alt_remotegid_ipv4, wireshark: infiniband.cm.req.alt_remotegid_ipv4, label: Alternate Remote Port GID (IPv4), base: ipv4}
      - {id: alt_flowlabel, wireshark: infiniband.cm.req.alt_flowlabel, label: Alternate Flow Label, base: hex, digits: 5}
      - {id: alt_pktrate, wireshark: infiniband.cm.req.alt_pktrate, label: Alternate Packet Rate}
      - {id: alt_tfcclass, wireshark: infiniband.cm.req.alt_tfcclass, label: Alternate Traffic Class, ws-base: hex, ws-digits: 2}
      - {id: alt_hoplim, wireshark: infiniband.cm.req.alt_hoplim, label: Alternate Hop Limit, ws-base: hex, ws-digits: 2}
      - {id: alt_sl, wireshark: infiniband.cm.req.alt_sl, label: Alternate SL, ws-base: hex, ws-digits: 2}
      - {id: alt_subnetlocal, wireshark: infiniband.cm.req.alt_subnetlocal, label: Alternate Subnet Local, ws-base: hex, ws-digits: 2}
      - {id: alt_localacktout, wireshark: infiniband.cm.req.alt_localacktout, label: Alternate Local ACK Timeout, names: CmNames.IBA_TIME, ws-base: hex, ws-digits: 2}
      - {id: private, wireshark: infiniband.cm.req.private, label: Private Data, base: bytes}
    seq:
      - id: local_comm_id      # 0
        type: u4
      - id: reserved0          # 4
        size: 4
      - id: service_id         # 8
        type: service_id
      - id: local_ca_guid      # 16
        type: u8
      - id: reserved1          # 24
        size: 4
      - id: local_q_key        # 28
        type: u4
      - id: local_qpn          # 32
        type: b24
      - id: responder_resources
        type: u1
      - id: local_eecn         # 36
        type: b24
      - id: initiator_depth
        type: u1
      - id: remote_eecn        # 40
        type: b24
      - id: remote_cm_response_timeout
        type: b5
      - id: transport_service_type
        type: b2
        doc: 0 RC, 1 UC, 2 RD, 3 extended (XRC)
      - id: end_to_end_flow_control
        type: b1
      - id: starting_psn       # 44
        type: b24
      - id: local_cm_response_timeout
        type: b5
      - id: retry_count
        type: b3
      - id: partition_key      # 48
        type: u2
      - id: path_mtu           # 50
        type: b4
        doc: 1=256 2=512 3=1024 4=2048 5=4096
      - id: rdc_exists
        type: b1
      - id: rnr_retry_count
        type: b3
      - id: max_cm_retries     # 51
        type: b4
      - id: srq
        type: b1
      - id: extended_transport_type
        type: b3
      - id: primary_path       # 52
        type: path
      - id: alternate_path     # 96
        type: path
      - id: private_data       # 140
        size: 92
        type:
          switch-on: service_id.prefix == [0, 0, 0, 0, 1]
          cases:
            true: cma_hdr
  cm_mra:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.mra.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.mra.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: msgmraed, wireshark: infiniband.cm.mra.msgmraed, label: Message MRAed, names: message_rejected}
      - {id: servicetimeout, wireshark: infiniband.cm.mra.servicetimeout, label: Service Timeout, names: CmNames.IBA_TIME}
      - {id: private, wireshark: infiniband.cm.mra.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: message_mraed, type: b2, doc: "0 REQ, 1 REP, 2 other"}
      - {id: reserved0, type: b6}
      - {id: service_timeout, type: b5}
      - {id: reserved1, type: b3}
      - {id: private_data, size: 222}
  cm_rej:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.rej.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.rej.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: msgrej, wireshark: infiniband.cm.rej.msgrej, label: Message REJected, names: message_rejected, ws-base: hex, ws-digits: 2}
      - {id: rejinfolen, wireshark: infiniband.cm.rej.rejinfolen, label: Reject Info Length, ws-base: hex, ws-digits: 2}
      - {id: reason, wireshark: infiniband.cm.rej.reason, label: Reason, names: CmNames.REJ_REASON_LABELS, ws-base: hex, ws-digits: 4}
      - {id: ari, wireshark: infiniband.cm.rej.ari, label: Additional Reject Information (ARI), base: bytes}
      - {id: private, wireshark: infiniband.cm.rej.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: message_rejected, type: b2, doc: "0 REQ, 1 REP, 2 other"}
      - {id: reserved0, type: b6}
      - {id: reject_info_length, type: b7}
      - {id: reserved1, type: b1}
      - {id: reason, type: u2, doc: "8 = invalid service ID, 28 = consumer defined ..."}
      - {id: additional_reject_info, size: 72}
      - {id: private_data, size: 148}
  cm_rep:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.rep, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.rep.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: localqkey, wireshark: infiniband.cm.rep.localqkey, label: Local Q_Key, base: hex, digits: 8}
      - {id: localqpn, wireshark: infiniband.cm.rep.localqpn, label: Local QPN, base: hex, digits: 6}
      - {id: localeecn, wireshark: infiniband.cm.rep.localeecn, label: Local EE Context Number, base: hex, digits: 6}
      - {id: startpsn, wireshark: infiniband.cm.rep.startpsn, label: Starting PSN, base: hex, digits: 6}
      - {id: respres, wireshark: infiniband.cm.rep.respres, label: Responder Resources, ws-base: hex, ws-digits: 2}
      - {id: initdepth, wireshark: infiniband.cm.rep.initdepth, label: Initiator Depth, ws-base: hex, ws-digits: 2}
      - {id: tgtackdelay, wireshark: infiniband.cm.rep.tgtackdelay, label: Target ACK Delay, names: CmNames.IBA_TIME, ws-base: hex, ws-digits: 2}
      - {id: failoveracc, wireshark: infiniband.cm.rep.failoveracc, label: Failover Accepted, ws-base: hex, ws-digits: 2}
      - {id: e2eflowctrl, wireshark: infiniband.cm.rep.e2eflowctrl, label: End-To-End Flow Control, ws-base: hex, ws-digits: 2}
      - {id: rnrretrcount, wireshark: infiniband.cm.rep.rnrretrcount, label: RNR Retry Count, names: rnr_retry_count, ws-base: hex, ws-digits: 2}
      - {id: srq, wireshark: infiniband.cm.rep.srq, label: SRQ, ws-base: hex, ws-digits: 2}
      - {id: localcaguid, wireshark: infiniband.cm.rep.localcaguid, label: Local CA GUID, base: hex, digits: 16}
      - {id: private, wireshark: infiniband.cm.rep.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: local_q_key, type: u4}
      - {id: local_qpn, type: b24}
      - {id: reserved0, type: u1}
      - {id: local_eecn, type: b24}
      - {id: reserved1, type: u1}
      - {id: starting_psn, type: b24}
      - {id: reserved2, type: u1}
      - {id: responder_resources, type: u1}
      - {id: initiator_depth, type: u1}
      - {id: target_ack_delay, type: b5}
      - {id: failover_accepted, type: b2}
      - {id: end_to_end_flow_control, type: b1}
      - {id: rnr_retry_count, type: b3}
      - {id: srq, type: b1}
      - {id: reserved3, type: b4}
      - {id: local_ca_guid, type: u8}
      - {id: private_data, size: 196}
  cm_rtu:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.rtu.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.rtu.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: private, wireshark: infiniband.cm.rtu.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: private_data, size: 224}
  cm_dreq:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.dreq.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.dreq.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: remoteqpn, wireshark: infiniband.cm.req.remoteqpneecn, label: Remote QPN/EECN (DREQ), base: hex, digits: 6}
      - {id: private, wireshark: infiniband.cm.dreq.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: remote_qpn_eecn, type: b24}
      - {id: reserved, type: u1}
      - {id: private_data, size: 220}
  cm_drep:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.drsp.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.drsp.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: private, wireshark: infiniband.cm.drsp.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: private_data, size: 224}
  cm_sidr_req:
    -fields:
      - {id: requestid, wireshark: infiniband.cm.sidr_req.requestid, label: Request ID, base: hex, digits: 8}
      - {id: pkey, wireshark: infiniband.cm.sidr_req.pkey, label: Partition Key, base: hex, digits: 4}
      - {id: serviceid, wireshark: infiniband.cm.sidr_req.serviceid, label: ServiceID, base: hex, digits: 16}
      - {id: serviceid_protocol, wireshark: infiniband.cm.sidr_req.serviceid.protocol, label: Protocol (port space), base: hex, digits: 2, names: port_space}
      - {id: serviceid_dport, wireshark: infiniband.cm.sidr_req.serviceid.dport, label: Destination Port}
      - {id: private, wireshark: infiniband.cm.sidr_req.private, label: Private Data, base: bytes}
    seq:
      - {id: request_id, type: u4}
      - {id: partition_key, type: u2}
      - {id: reserved, type: u2}
      - {id: service_id, type: service_id}
      - id: private_data
        size: 216
        type:
          switch-on: service_id.prefix == [0, 0, 0, 0, 1]
          cases:
            true: cma_hdr
  cm_sidr_rep:
    -fields:
      - {id: requestid, wireshark: infiniband.cm.sidr_rep.requestid, label: Request ID, base: hex, digits: 8}
      - {id: status, wireshark: infiniband.cm.sidr_rep.status, label: Status, names: sidr_status}
      - {id: addinfolen, wireshark: infiniband.cm.sidr_rep.addinfolen, label: Additional Information Length}
      - {id: qpn, wireshark: infiniband.cm.sidr_rep.qpn, label: QPN, base: hex, digits: 6}
      - {id: serviceid, wireshark: infiniband.cm.sidr_rep.serviceid, label: ServiceID, base: hex, digits: 16}
      - {id: qkey, wireshark: infiniband.cm.sidr_rep.qkey, label: Q_Key, base: hex, digits: 8}
      - {id: classportinfo, wireshark: infiniband.cm.sidr_rep.classportinfo, label: ClassPortInfo / Additional Information, base: bytes}
      - {id: private, wireshark: infiniband.cm.sidr_rep.private, label: Private Data, base: bytes}
    seq:
      - {id: request_id, type: u4}
      - {id: status, type: u1, doc: "0 success, 1 unsupported service ID, 2 reject, 3 no QP, 4 redirect, 5 unsupported version"}
      - {id: additional_info_length, type: u1}
      - {id: reserved0, type: u2}
      - {id: qpn, type: b24}
      - {id: reserved1, type: u1}
      - {id: service_id, type: service_id}
      - {id: q_key, type: u4}
      - {id: class_port_info, size: 72}
      - {id: private_data, size: 136}
  cm_lap:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.lap.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.lap.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: remoteqpn, wireshark: infiniband.cm.lap.remoteqpneecn, label: Remote QPN/EECN, base: hex, digits: 6}
      - {id: remoteresptout, wireshark: infiniband.cm.lap.remoteresptout, label: Remote CM Response Timeout, names: CmNames.IBA_TIME}
      - {id: alt_locallid, wireshark: infiniband.cm.lap.alt_locallid, label: Alternate Local Port LID, base: hex, digits: 4}
      - {id: alt_remotelid, wireshark: infiniband.cm.lap.alt_remotelid, label: Alternate Remote Port LID, base: hex, digits: 4}
      - {id: alt_localgid, wireshark: infiniband.cm.lap.alt_localgid, label: Alternate Local Port GID, base: ipv6}
      - {id: alt_remotegid, wireshark: infiniband.cm.lap.alt_remotegid, label: Alternate Remote Port GID, base: ipv6}
      - {id: alt_flowlabel, wireshark: infiniband.cm.lap.alt_flowlabel, label: Alternate Flow Label, base: hex, digits: 5}
      - {id: alt_tfcclass, wireshark: infiniband.cm.lap.alt_tfcclass, label: Alternate Traffic Class}
      - {id: alt_hoplim, wireshark: infiniband.cm.lap.alt_hoplim, label: Alternate Hop Limit}
      - {id: alt_pktrate, wireshark: infiniband.cm.lap.alt_pktrate, label: Alternate Packet Rate}
      - {id: alt_sl, wireshark: infiniband.cm.lap.alt_sl, label: Alternate SL}
      - {id: alt_subnetlocal, wireshark: infiniband.cm.lap.alt_subnetlocal, label: Alternate Subnet Local}
      - {id: alt_localacktout, wireshark: infiniband.cm.lap.alt_localacktout, label: Alternate Local ACK Timeout, names: CmNames.IBA_TIME}
      - {id: private, wireshark: infiniband.cm.lap.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: reserved0, type: u4}
      - {id: remote_qpn_eecn, type: b24}
      - {id: remote_cm_response_timeout, type: b5}
      - {id: reserved1, type: b3}
      - {id: reserved2, type: u4}
      - {id: alternate_local_lid, type: u2}
      - {id: alternate_remote_lid, type: u2}
      - {id: alternate_local_gid, size: 16}
      - {id: alternate_remote_gid, size: 16}
      - {id: alternate_flow_label, type: b20}
      - {id: reserved3, type: b4}
      - {id: alternate_traffic_class, type: u1}
      - {id: alternate_hop_limit, type: u1}
      - {id: reserved4, type: b2}
      - {id: alternate_packet_rate, type: b6}
      - {id: alternate_sl, type: b4}
      - {id: alternate_subnet_local, type: b1}
      - {id: reserved5, type: b3}
      - {id: alternate_local_ack_timeout, type: b5}
      - {id: reserved6, type: b3}
      - {id: private_data, size: 168}
  cm_apr:
    -fields:
      - {id: localcommid, wireshark: infiniband.cm.apr.localcommid, label: Local Communication ID, base: hex, digits: 8}
      - {id: remotecommid, wireshark: infiniband.cm.apr.remotecommid, label: Remote Communication ID, base: hex, digits: 8}
      - {id: addinfolen, wireshark: infiniband.cm.apr.addinfolen, label: Additional Information Length}
      - {id: status, wireshark: infiniband.cm.apr.apstatus, label: AP Status, names: apr_status}
      - {id: addinfo, wireshark: infiniband.cm.apr.addinfo, label: Additional Information, base: bytes}
      - {id: private, wireshark: infiniband.cm.apr.private, label: Private Data, base: bytes}
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: additional_info_length, type: u1}
      - {id: ap_status, type: u1}
      - {id: reserved, type: u2}
      - {id: additional_info, size: 72}
      - {id: private_data, size: 148}
# Value names, as Wireshark shows them (the `doc` of each value is its label; the product's tables are
# generated from these at build time: dissector/src/build/KsyTables.java).
enums:
  mgmt_class:
    0x01: {id: subn_lid_routed, doc: Subnet Management (LID routed)}
    0x81: {id: subn_directed_route, doc: Subnet Management (directed route)}
    0x03: {id: subn_adm, doc: Subnet Administration}
    0x04: {id: perf, doc: Performance Management}
    0x05: {id: bm, doc: Baseboard Management}
    0x06: {id: dev_mgt, doc: Device Management}
    0x07: {id: cm, doc: Communication Management}
    0x08: {id: snmp, doc: SNMP Tunneling}
    0x21: {id: cong_mgt, doc: Congestion Management}
  method:
    0x01: {id: get, doc: Get}
    0x02: {id: set, doc: Set}
    0x81: {id: get_resp, doc: GetResp}
    0x03: {id: send, doc: Send}
    0x05: {id: trap, doc: Trap}
    0x06: {id: report, doc: Report}
    0x86: {id: report_resp, doc: ReportResp}
    0x07: {id: trap_repress, doc: TrapRepress}
  cm_attribute:
    0x0001: {id: class_port_info, doc: ClassPortInfo}
    0x0010: {id: req, doc: ConnectRequest, -abbrev: REQ}
    0x0011: {id: mra, doc: MsgRcptAck, -abbrev: MRA}
    0x0012: {id: rej, doc: ConnectReject, -abbrev: REJ}
    0x0013: {id: rep, doc: ConnectReply, -abbrev: REP}
    0x0014: {id: rtu, doc: ReadyToUse, -abbrev: RTU}
    0x0015: {id: dreq, doc: DisconnectRequest, -abbrev: DREQ}
    0x0016: {id: drep, doc: DisconnectReply, -abbrev: DREP}
    0x0017: {id: sidr_req, doc: ServiceIDResReq, -abbrev: SIDR_REQ}
    0x0018: {id: sidr_rep, doc: ServiceIDResReqResp, -abbrev: SIDR_REP}
    0x0019: {id: lap, doc: LoadAlternatePath, -abbrev: LAP}
    0x001a: {id: apr, doc: AlternatePathResponse, -abbrev: APR}
  rej_reason:
    1: {id: no_qp, doc: No QP available}
    2: {id: no_eec, doc: No EEC available}
    3: {id: no_resources, doc: No resources available}
    4: {id: timeout, doc: Timeout}
    5: {id: unsupported_req, doc: Unsupported request}
    6: {id: invalid_comm_id, doc: Invalid communication ID}
    7: {id: invalid_comm_instance, doc: Invalid communication instance}
    8: {id: invalid_service_id, doc: Invalid service ID}
    9: {id: invalid_transport_type, doc: Invalid transport service type}
    10: {id: stale_conn, doc: Stale connection}
    11: {id: rdc_not_exist, doc: RDC does not exist}
    12: {id: invalid_gid, doc: Invalid primary GID}
    13: {id: invalid_lid, doc: Invalid primary LID}
    14: {id: invalid_sl, doc: Invalid primary SL}
    15: {id: invalid_traffic_class, doc: Invalid primary traffic class}
    16: {id: invalid_hop_limit, doc: Invalid primary hop limit}
    17: {id: invalid_packet_rate, doc: Invalid primary packet rate}
    18: {id: invalid_alt_gid, doc: Invalid alternate GID}
    19: {id: invalid_alt_lid, doc: Invalid alternate LID}
    20: {id: invalid_alt_sl, doc: Invalid alternate SL}
    21: {id: invalid_alt_traffic_class, doc: Invalid alternate traffic class}
    22: {id: invalid_alt_hop_limit, doc: Invalid alternate hop limit}
    23: {id: invalid_alt_packet_rate, doc: Invalid alternate packet rate}
    24: {id: port_cm_redirect, doc: Port CM redirect}
    25: {id: port_redirect, doc: Port redirect}
    26: {id: invalid_mtu, doc: Invalid path MTU}
    27: {id: insufficient_resp_res, doc: Insufficient responder resources}
    28: {id: consumer_reject, doc: Consumer defined}
    29: {id: invalid_rnr_retry, doc: Invalid RNR retry count}
    30: {id: dup_local_comm_id, doc: Duplicate local communication ID}
    31: {id: invalid_class_version, doc: Invalid class version}
    32: {id: invalid_flow_label, doc: Invalid primary flow label}
    33: {id: invalid_alt_flow_label, doc: Invalid alternate flow label}
    35: {id: vendor_option_not_supported, doc: Vendor option not supported}
  message_rejected:
    0: {id: req, doc: REQ}
    1: {id: rep, doc: REP}
    2: {id: other, doc: Other}
    3: {id: reserved, doc: Reserved}
  sidr_status:
    0: {id: success, doc: Success}
    1: {id: unsupported_service_id, doc: Unsupported service ID}
    2: {id: rejected, doc: Rejected}
    3: {id: no_qp, doc: No QP}
    4: {id: redirect, doc: Redirect}
    5: {id: unsupported_version, doc: Unsupported version}
  apr_status:
    0: {id: success, doc: Success}
    1: {id: invalid_comm_id, doc: Invalid communication ID}
    2: {id: unsupported, doc: Unsupported}
    3: {id: rejected, doc: Rejected}
    4: {id: redirect, doc: Redirect}
    5: {id: is_current_path, doc: Is current path}
    6: {id: invalid_qpn_eecn, doc: Invalid QPN/EECN}
    7: {id: invalid_lid, doc: Invalid LID}
    8: {id: invalid_gid, doc: Invalid GID}
    9: {id: invalid_flow_label, doc: Invalid flow label}
    10: {id: invalid_traffic_class, doc: Invalid traffic class}
    11: {id: invalid_hop_limit, doc: Invalid hop limit}
    12: {id: invalid_packet_rate, doc: Invalid packet rate}
    13: {id: invalid_sl, doc: Invalid SL}
  transport_service:
    0: {id: rc, doc: RC}
    1: {id: uc, doc: UC}
    2: {id: rd, doc: RD}
    3: {id: extended, doc: Extended (see extended transport type)}
  path_mtu:
    # -value: the bytes (generated as IbMadKsy.PATH_MTU_VALUES(), -1 for code 0)
    1: {id: mtu_256, doc: 256 bytes, -value: 256}
    2: {id: mtu_512, doc: 512 bytes, -value: 512}
    3: {id: mtu_1024, doc: 1024 bytes, -value: 1024}
    4: {id: mtu_2048, doc: 2048 bytes, -value: 2048}
    5: {id: mtu_4096, doc: 4096 bytes, -value: 4096}
  port_space:
    0x02: {id: ipoib, doc: IPoIB}
    0x06: {id: tcp, doc: TCP}
    0x11: {id: udp, doc: UDP}
    0x3f: {id: ib, doc: IB}
  rnr_retry_count:
    7: {id: infinite, doc: infinite}
  extended_transport_type:
    1: {id: xrc, doc: XRC}
