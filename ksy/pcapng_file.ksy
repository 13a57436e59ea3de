meta:
  id: pcapng_file
  title: pcapng capture file (section, interface and packet blocks)
  file-extension: pcapng
  # little-endian for magic_head only: the blocks are in their section's byte order (block's endian: switch-on,
  # below; Kaitai's Java reads an instance of a switched type wrong, so the root is fixed)
  endian: le
doc: |
  Blocks, each a type, its total length, a body padded to 4 bytes and the total length again. The offsets of a
  block's body below count from the body (8 bytes into the block); every number is in the section's byte order.
  Reference: https://datatracker.ietf.org/doc/draft-ietf-opsawg-pcapng/
# the section header's byte-order magic, read in the section's order
-constants:
  byte_order_magic: 0x1a2b3c4d
  # the version a writer gives its section header (1.0), and the section length that says "not given"
  version_major: 1
  version_minor: 0
  section_length_unknown: -1
  # if_tsresol's value for nanosecond timestamps (10^-9: the top bit clear, a power of ten)
  if_tsresol_nanos: 9
  # the resolution of an interface without if_tsresol: 10^-6 (microseconds)
  if_tsresol_default: 6
  # if_tsresol's top bit: the rest is a power of two (set) or of ten (clear)
  if_tsresol_base2_bit: 0x80
  if_tsresol_exponent_mask: 0x7f
seq:
  - id: blocks
    type: block
    repeat: eos
instances:
  magic_head:
    pos: 8
    type: u2le
    doc: the first two bytes of the first section's byte-order magic, read little-endian
types:
  block:
    meta:
      # each section is in the byte order of its writer, which its byte-order magic (at 8) says; this description
      # takes the first section's for the file (Kaitai chooses one order per type). The magic's first two bytes,
      # read little-endian, are enough to tell (Kaitai's Java cannot switch on a u4).
      endian:
        switch-on: _root.magic_head
        cases:
          0x3c4d: le
          0x2b1a: be
    seq:
      - id: block_type
        type: u4
        enum: block_type
      - id: total_length
        type: u4
        doc: the whole block's, both length words included; a multiple of 4
      - id: body
        size: total_length - 12
        type:
          switch-on: block_type
          cases:
            block_type::section_header: shb_body
            block_type::interface_description: idb_body
            block_type::enhanced_packet: epb_body
            block_type::simple_packet: spb_body
            block_type::packet: opb_body
            block_type::interface_statistics: isb_body
      - id: total_length_again
        type: u4
  shb_body:
    seq:
      - id: byte_order_magic
        type: u4
        doc: byte_order_magic in the section's order
      - id: version_major
        type: u2
      - id: version_minor
        type: u2
      - id: section_length
        type: s8
        doc: -1 if not given
      - id: options
        type: option
        repeat: eos
  idb_body:
    seq:
      - id: link_type
        type: u2
        doc: a pcap LINKTYPE_ value (pcap_file.ksy's link_type)
      - id: reserved
        type: u2
      - id: snaplen
        type: u4
      - id: options
        type: option
        repeat: eos
  epb_body:
    seq:
      - id: interface_id
        type: u4
      - id: timestamp_high
        type: u4
        doc: the high 32 bits of the timestamp, in the interface's units (if_tsresol)
      - id: timestamp_low
        type: u4
      - id: captured_len
        type: u4
      - id: original_len
        type: u4
      - id: packet_data
        size: captured_len
      - id: padding
        size: (4 - captured_len % 4) % 4
      - id: options
        type: option
        repeat: eos
  spb_body:
    seq:
      - id: original_len
        type: u4
        doc: the packet's bytes on the wire; the block holds as many as fit (at most the snaplen)
      - id: packet_data
        size-eos: true
  opb_body:
    doc: the obsolete Packet Block
    seq:
      - id: interface_id
        type: u2
      - id: drops_count
        type: u2
      - id: timestamp_high
        type: u4
      - id: timestamp_low
        type: u4
      - id: captured_len
        type: u4
      - id: original_len
        type: u4
      - id: packet_data
        size: captured_len
      - id: padding
        size: (4 - captured_len % 4) % 4
      - id: options
        type: option
        repeat: eos
  isb_body:
    doc: the Interface Statistics Block
    seq:
      - id: interface_id
        type: u4
      - id: timestamp_high
        type: u4
        doc: when the statistics were taken, in the interface's units (if_tsresol), as an enhanced packet's
      - id: timestamp_low
        type: u4
      - id: options
        type: option
        repeat: eos
  isb_timestamp:
    doc: the value of isb_starttime and isb_endtime, in the interface's units, as an enhanced packet's timestamp
    seq:
      - id: high
        type: u4
      - id: low
        type: u4
  isb_counter:
    doc: the value of isb_ifrecv, isb_ifdrop, isb_filteraccept, isb_osdrop and isb_usrdeliv
    seq:
      - id: count
        type: u8
  if_tsresol_value:
    doc: the value of if_tsresol
    seq:
      - id: resolution
        type: u1
        doc: |
          the unit of the interface's timestamps: 10^-n s, n its low bits (if_tsresol_exponent_mask), or 2^-n s
          with if_tsresol_base2_bit set
  if_tsoffset_value:
    doc: the value of if_tsoffset
    seq:
      - id: seconds
        type: s8
        doc: added to every timestamp of the interface
  option:
    seq:
      - id: code
        type: u2
      - id: length
        type: u2
        doc: the value's bytes, without the padding to 4
      - id: value
        size: length
      - id: padding
        size: (4 - length % 4) % 4
enums:
  # the block types of the pcapng specification (draft-ietf-opsawg-pcapng); RoCEscope reads the packets and their
  # interfaces and skips the rest (its live capture also writes interface statistics)
  block_type:
    0x0a0d0d0a: section_header
    1: interface_description
    2: packet
    3: simple_packet
    4: name_resolution
    5: interface_statistics
    6: enhanced_packet
    7: irig_timestamp
    8: arinc_429_afdx
    9: systemd_journal_export
    10: decryption_secrets
    0x00000bad: custom_copyable
    0x40000bad: custom_no_copy
  # the option codes RoCEscope reads, by the block they are in (a code means one thing in each)
  # (a section header's hardware, OS and application are shown as comments, under their doc: "OS: Linux 6.1")
  shb_option:
    0: end_of_options
    1: comment
    2: {id: shb_hardware, doc: Hardware}
    3: {id: shb_os, doc: OS}
    4: {id: shb_userappl, doc: Application}
  idb_option:
    0: end_of_options
    1: comment
    2: if_name
    3: if_description
    9: if_tsresol
    14: if_tsoffset
  isb_option:
    0: end_of_options
    1: comment
    2: isb_starttime
    3: isb_endtime
    4: isb_ifrecv
    5: isb_ifdrop
    6: isb_filteraccept
    7: isb_osdrop
    8: isb_usrdeliv
