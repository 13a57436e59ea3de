meta:
  id: erf_record
  title: Endace ERF record, the payload of a pcap or pcapng record of link type 197 (what ibdump writes)
  # big-endian but for the timestamp, which is little-endian
  endian: be
# values of the format that are no field (constants of ErfRecordLayout)
-constants:
  ts_fraction_bits: 32   # ts is 32.32 fixed point: the low 32 bits a fraction of a second
doc: |
  A 16-byte header (a 32.32 fixed-point timestamp, the record's type and flags, its length, a loss counter and
  the bytes on the wire), extension headers while the type's top bit and then each one's says another follows,
  for an Ethernet record an offset and a pad byte, then the packet. RoCEscope's readers unwrap the records of
  the ERF types below (the packet becomes the record, stamped with the ERF time and wire length) as Wireshark's
  wiretap does, and leave any other as it is.
  References: Endace's ERF Types reference (EDM11-01), Wireshark's wiretap/erf.c and erf_record.h.
seq:
  - id: ts
    type: u8le
    doc: seconds in the high 32 bits, the fraction of a second in the low 32 (units of 2^-32 s)
  - id: has_extension
    type: b1
    doc: an extension header follows
  - id: type
    type: b7
    enum: erf_type
  - id: flags
    type: flags
  - id: rlen
    type: u2
    doc: the record's bytes, header and padding included
  - id: lctr
    type: u2
    doc: loss counter (or colour, by type)
  - id: wlen
    type: u2
    doc: the packet's bytes on the wire
  - id: extensions
    type: extension_header
    repeat: until
    repeat-until: not _.more
    if: has_extension
  - id: eth
    type: eth_header
    if: type == erf_type::eth
  - id: packet
    size-eos: true
types:
  flags:
    doc: the flags byte (Wireshark's erf.flags, ERF_HDR_*_MASK)
    seq:
      - id: reserved
        type: b2
      - id: ds_error
        type: b1
        doc: a data-stream error
      - id: rx_error
        type: b1
        doc: a receive (link) error
      - id: truncated
        type: b1
        doc: the record was cut for lack of buffer space (obsolete)
      - id: varying_length
        type: b1
        doc: the record is as long as its packet (rlen), not of a fixed size
      - id: capture_interface
        type: b2
        doc: the port the packet came in on
  extension_header:
    seq:
      - id: more
        type: b1
        doc: another extension header follows
      - id: ext_type
        type: b7
      - id: data
        size: 7
  eth_header:
    seq:
      - id: offset
        type: u1
      - id: pad
        type: u1
enums:
  # the ERF types the readers unwrap, each with the link type its packet has then
  erf_type:
    2: {id: eth, doc: Ethernet}
    21: {id: infiniband, doc: InfiniBand}
