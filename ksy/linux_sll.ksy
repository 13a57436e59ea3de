meta:
  id: linux_sll
  title: Linux cooked capture v1 (DLT_LINUX_SLL, 113)
  endian: be
  imports:
    - ether_payload
seq:
  - id: packet_type
    type: u2
    doc: 0 to us, 1 broadcast, 2 multicast, 3 to another host, 4 sent by us
  - id: arphrd_type
    type: u2
  - id: addr_length
    type: u2
  - id: addr
    size: 8
  - id: protocol
    type: u2
  - id: body
    type: ether_payload(protocol)
