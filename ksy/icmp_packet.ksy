meta:
  id: icmp_packet
  title: ICMP (RFC 792), IPv4 protocol 1
  endian: be
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order.
# The datagram an error message quotes is not dissected again (its addresses and ports would become the
# frame's); it stays in the frame's bytes.
-wireshark: icmp
-label: Internet Control Message Protocol
-fields:
  - {id: type, wireshark: icmp.type, label: Type, names: icmp_type}
  - {id: code, wireshark: icmp.code, label: Code}
  - {id: checksum, wireshark: icmp.checksum, label: Checksum, base: hex, digits: 4}
  - {id: ident, wireshark: icmp.ident, label: Identifier (BE), base: hex, digits: 4}
  - {id: seq, wireshark: icmp.seq, label: Sequence Number (BE)}
  - {id: mtu, wireshark: icmp.mtu, label: MTU of next hop}
seq:
  - id: type
    type: u1
  - id: code
    type: u1
  - id: checksum
    type: u2
  - id: body
    size-eos: true
    # the body each type has (RoCEscope's build writes the table BODY_BY_TYPE, a bit for each body type)
    -rocescope-table: body_by_type
    -rocescope-bits: icmp_body
    type:
      switch-on: type
      cases:
        0: echo
        8: echo
        13: echo    # timestamp request and reply
        14: echo
        15: echo    # information request and reply
        16: echo
        17: echo    # address mask request and reply
        18: echo
        3: unreachable
types:
  echo:
    -abbrev: Echo
    doc: identifier and sequence number (then the data, or the timestamps or mask)
    seq:
      - id: identifier
        type: u2
      - id: sequence
        type: u2
  unreachable:
    -abbrev: Unreachable
    doc: the next hop's MTU when the code is fragmentation_needed (RFC 1191), then the quoted datagram
    seq:
      - id: unused
        type: u2
      - id: next_hop_mtu
        type: u2
enums:
  icmp_type:
    0: {id: echo_reply, doc: Echo (ping) reply}
    3: {id: unreachable, doc: Destination unreachable}
    4: {id: source_quench, doc: Source quench (flow control)}
    5: {id: redirect, doc: Redirect}
    8: {id: echo_request, doc: Echo (ping) request}
    9: {id: router_advertisement, doc: Router advertisement}
    10: {id: router_solicitation, doc: Router solicitation}
    11: {id: time_exceeded, doc: Time-to-live exceeded}
    12: {id: parameter_problem, doc: Parameter problem}
    13: {id: timestamp_request, doc: Timestamp request}
    14: {id: timestamp_reply, doc: Timestamp reply}
    15: {id: information_request, doc: Information request}
    16: {id: information_reply, doc: Information reply}
    17: {id: address_mask_request, doc: Address mask request}
    18: {id: address_mask_reply, doc: Address mask reply}
  # the codes of the types that name theirs, as Wireshark's packet-icmp.c prints them
  unreachable_code:
    0: {id: network_unreachable, doc: Network unreachable}
    1: {id: host_unreachable, doc: Host unreachable}
    2: {id: protocol_unreachable, doc: Protocol unreachable}
    3: {id: port_unreachable, doc: Port unreachable}
    4: {id: fragmentation_needed, doc: Fragmentation needed}
    5: {id: source_route_failed, doc: Source route failed}
    6: {id: network_unknown, doc: Destination network unknown}
    7: {id: host_unknown, doc: Destination host unknown}
    8: {id: source_host_isolated, doc: Source host isolated}
    9: {id: network_prohibited, doc: Network administratively prohibited}
    10: {id: host_prohibited, doc: Host administratively prohibited}
    11: {id: network_unreachable_for_tos, doc: Network unreachable for TOS}
    12: {id: host_unreachable_for_tos, doc: Host unreachable for TOS}
    13: {id: communication_prohibited, doc: Communication administratively filtered}
    14: {id: host_precedence_violation, doc: Host precedence violation}
    15: {id: precedence_cutoff, doc: Precedence cutoff in effect}
  redirect_code:
    0: {id: network, doc: Redirect for network}
    1: {id: host, doc: Redirect for host}
    2: {id: tos_and_network, doc: Redirect for TOS and network}
    3: {id: tos_and_host, doc: Redirect for TOS and host}
  time_exceeded_code:
    0: {id: in_transit, doc: Time to live exceeded in transit}
    1: {id: reassembly, doc: Fragment reassembly time exceeded}
