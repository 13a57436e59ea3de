meta:
  id: ib_mad
  title: InfiniBand MAD (256 bytes) with the Communication Manager class, as RoCE carries it to QP1
  endian: be
doc: |
  Common MAD header (IBTA vol 1 13.4.2) and, for the CM class (0x07), every CM message of IBTA
  vol 1 ch. 12 (REQ, MRA, REJ, REP, RTU, DREQ, DREP, SIDR_REQ, SIDR_REP, LAP, APR). Offsets in the
  comments are from the start of the CM message (MAD offset - 24).
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
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: message_mraed, type: b2, doc: "0 REQ, 1 REP, 2 other"}
      - {id: reserved0, type: b6}
      - {id: service_timeout, type: b5}
      - {id: reserved1, type: b3}
      - {id: private_data, size: 222}
  cm_rej:
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
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: private_data, size: 224}
  cm_dreq:
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: remote_qpn_eecn, type: b24}
      - {id: reserved, type: u1}
      - {id: private_data, size: 220}
  cm_drep:
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: private_data, size: 224}
  cm_sidr_req:
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
    seq:
      - {id: local_comm_id, type: u4}
      - {id: remote_comm_id, type: u4}
      - {id: additional_info_length, type: u1}
      - {id: ap_status, type: u1}
      - {id: reserved, type: u2}
      - {id: additional_info, size: 72}
      - {id: private_data, size: 148}
