meta:
  id: icmpv6_packet
  title: ICMPv6 (RFC 4443) and Neighbor Discovery (RFC 4861), IPv6 next header 58
  endian: be
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order.
# Wireshark's icmpv6.nd.na.flag is the word that holds the R, S and O bits (the bytes before the target).
-wireshark: icmpv6
-label: Internet Control Message Protocol v6
-fields:
  - {id: type, wireshark: icmpv6.type, label: Type, names: icmpv6_type}
  - {id: code, wireshark: icmpv6.code, label: Code}
  - {id: checksum, wireshark: icmpv6.checksum, label: Checksum, base: hex, digits: 4}
  - {id: echo_identifier, wireshark: icmpv6.echo.identifier, label: Identifier, base: hex, digits: 4}
  - {id: echo_sequence_number, wireshark: icmpv6.echo.sequence_number, label: Sequence}
  - {id: ns_target_address, wireshark: icmpv6.nd.ns.target_address, label: Target Address, base: ipv6}
  - {id: na_flag, wireshark: icmpv6.nd.na.flag, label: Flags, base: hex, digits: 8}
  - {id: na_flag_r, wireshark: icmpv6.nd.na.flag.r, label: Router, base: bool}
  - {id: na_flag_s, wireshark: icmpv6.nd.na.flag.s, label: Solicited, base: bool}
  - {id: na_flag_o, wireshark: icmpv6.nd.na.flag.o, label: Override, base: bool}
  - {id: na_target_address, wireshark: icmpv6.nd.na.target_address, label: Target Address, base: ipv6}
  - {id: opt, wireshark: icmpv6.opt, label: ICMPv6 Option, base: protocol}
  - {id: opt_type, wireshark: icmpv6.opt.type, label: Type, names: nd_option_type}
  - {id: opt_length, wireshark: icmpv6.opt.length, label: Length}
  - {id: opt_linkaddr, wireshark: icmpv6.opt.linkaddr, label: Link-layer address, base: ether}
  - {id: opt_src_linkaddr, wireshark: icmpv6.opt.src_linkaddr, label: Source Link-layer address, base: ether}
  - {id: opt_target_linkaddr, wireshark: icmpv6.opt.target_linkaddr, label: Target Link-layer address, base: ether}
-constants:
  nd_option_unit: 8   # an option's length counts units of 8 bytes (its type and length included)
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
    -rocescope-bits: icmpv6_body
    type:
      switch-on: type
      cases:
        128: echo
        129: echo
        133: router_solicitation
        134: router_advertisement
        135: neighbor_solicitation
        136: neighbor_advertisement
types:
  echo:
    -abbrev: Echo
    seq:
      - id: identifier
        type: u2
      - id: sequence_number
        type: u2
  router_solicitation:
    -abbrev: RS
    seq:
      - id: reserved
        type: u4
      - id: options
        type: nd_option
        repeat: eos
  router_advertisement:
    -abbrev: RA
    seq:
      - id: cur_hop_limit
        type: u1
      - id: flags
        type: u1
      - id: router_lifetime
        type: u2
      - id: reachable_time
        type: u4
      - id: retrans_timer
        type: u4
      - id: options
        type: nd_option
        repeat: eos
  neighbor_solicitation:
    -abbrev: NS
    seq:
      - id: reserved
        type: u4
      - id: target_address
        size: 16
      - id: options
        type: nd_option
        repeat: eos
  neighbor_advertisement:
    -abbrev: NA
    seq:
      - id: router
        type: b1
      - id: solicited
        type: b1
      - id: override
        type: b1
      - id: reserved
        type: b29
      - id: target_address
        size: 16
      - id: options
        type: nd_option
        repeat: eos
  nd_option:
    seq:
      - id: type
        type: u1
      - id: length
        type: u1
        doc: in units of 8 bytes (nd_option_unit), type and length included; 0 is invalid and ends the list
      - id: body
        size: length * 8 - 2
        type:
          switch-on: type
          cases:
            1: link_layer_address
            2: link_layer_address
  link_layer_address:
    doc: an Ethernet MAC (an option of one unit); longer link-layer addresses (IPoIB's 20 bytes) are not decoded
    seq:
      - id: address
        size: 6
enums:
  icmpv6_type:
    1: {id: unreachable, doc: Destination Unreachable}
    2: {id: packet_too_big, doc: Packet Too Big}
    3: {id: time_exceeded, doc: Time Exceeded}
    4: {id: parameter_problem, doc: Parameter Problem}
    128: {id: echo_request, doc: Echo (ping) request}
    129: {id: echo_reply, doc: Echo (ping) reply}
    130: {id: multicast_listener_query, doc: Multicast Listener Query}
    131: {id: multicast_listener_report, doc: Multicast Listener Report}
    132: {id: multicast_listener_done, doc: Multicast Listener Done}
    133: {id: router_solicitation, doc: Router Solicitation}
    134: {id: router_advertisement, doc: Router Advertisement}
    135: {id: neighbor_solicitation, doc: Neighbor Solicitation}
    136: {id: neighbor_advertisement, doc: Neighbor Advertisement}
    137: {id: redirect, doc: Redirect}
    143: {id: multicast_listener_report_v2, doc: Multicast Listener Report Message v2}
  # the codes of the types that name theirs, as Wireshark's packet-icmpv6.c prints them
  unreachable_code:
    0: {id: no_route, doc: no route to destination}
    1: {id: prohibited, doc: communication with destination administratively prohibited}
    2: {id: beyond_scope, doc: beyond scope of source address}
    3: {id: address_unreachable, doc: address unreachable}
    4: {id: port_unreachable, doc: port unreachable}
    5: {id: policy_failed, doc: source address failed ingress/egress policy}
    6: {id: reject_route, doc: reject route to destination}
    7: {id: source_routing_error, doc: Error in Source Routing Header}
  time_exceeded_code:
    0: {id: hop_limit_exceeded, doc: hop limit exceeded in transit}
    1: {id: reassembly, doc: fragment reassembly time exceeded}
  nd_option_type:
    1: {id: source_link_layer_address, doc: Source link-layer address}
    2: {id: target_link_layer_address, doc: Target link-layer address}
    3: {id: prefix_information, doc: Prefix information}
    4: {id: redirected_header, doc: Redirected header}
    5: {id: mtu, doc: MTU}
