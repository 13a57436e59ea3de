meta:
  id: linux_sll2
  title: Linux cooked capture v2 (DLT_LINUX_SLL2, 276)
  endian: be
  imports:
    - ether_payload
seq:
  - id: protocol
    type: u2
  - id: reserved
    type: u2
  - id: interface_index
    type: u4
  - id: arphrd_type
    type: u2
  - id: packet_type
    type: u1
  - id: addr_length
    type: u1
  - id: addr
    size: 8
  - id: body
    type: ether_payload(protocol)
