meta:
  id: pcap_file
  title: Classic libpcap capture file (microsecond and nanosecond timestamps, either byte order)
  file-extension: pcap
  # little-endian for magic_head only: the header and the records are in the file's byte order (their
  # endian: switch-on, below; Kaitai's Java reads an instance of a switched type wrong, so the root is fixed)
  endian: le
doc: |
  A 24-byte global header, then records, each a 16-byte header and the captured bytes. Every number is in the
  file's byte order: the offsets and sizes below hold for both, the values must be read in that order.
  References: https://www.tcpdump.org/manpages/pcap-savefile.5.txt and https://www.tcpdump.org/linktypes.html
# the magic, read in the file's order (so it is one of these in either byte order)
-constants:
  magic_micros: 0xa1b2c3d4
  magic_nanos: 0xa1b23c4d
  # the savefile version every writer writes and every reader knows (2.4)
  version_major: 2
  version_minor: 4
  # the link type of the header's network word; the bits above may carry FCS information
  network_link_type_mask: 0xffff
  # the FCS information above it (pcap-savefile(5), draft-ietf-opsawg-pcap): the F bit (bit 28) says that every
  # packet ends with an FCS of the length in bits 29-31, counted in 16-bit words
  network_fcs_present: 0x10000000
  network_fcs_length_shift: 29
  network_fcs_length_mask: 0x7
  network_fcs_length_unit: 2
  # the snapshot length the writers write and a live capture keeps by default: libpcap's MAXIMUM_SNAPLEN, as tcpdump
  # and dumpcap write it
  maximum_snaplen: 262144
seq:
  - id: hdr
    type: header
  - id: records
    type: record
    repeat: eos
instances:
  magic_head:
    pos: 0
    type: u2le
    doc: the first two bytes read little-endian, to choose the byte order
types:
  header:
    meta:
      # the writer's byte order: the magic's first two bytes, read little-endian, say which
      # (Kaitai's Java cannot switch on a u4)
      endian:
        switch-on: _root.magic_head
        cases:
          0xc3d4: le
          0x3c4d: le
          0xb2a1: be
    seq:
      - id: magic
        type: u4
        doc: magic_micros (timestamps in microseconds) or magic_nanos (in nanoseconds)
      - id: version_major
        type: u2
      - id: version_minor
        type: u2
      - id: thiszone
        type: s4
      - id: sigfigs
        type: u4
      - id: snaplen
        type: u4
      - id: network
        type: u4
        doc: the link type in the low 16 bits (see link_type); the high bits may carry FCS information
  record:
    meta:
      endian:
        switch-on: _root.magic_head
        cases:
          0xc3d4: le
          0x3c4d: le
          0xb2a1: be
    seq:
      - id: ts_sec
        type: u4
      - id: ts_frac
        type: u4
        doc: microseconds or nanoseconds, as the magic says
      - id: incl_len
        type: u4
        doc: the bytes of the packet in the file
      - id: orig_len
        type: u4
        doc: the bytes of the packet on the wire
      - id: body
        size: incl_len
enums:
  # the link types RoCEscope reads (LINKTYPE_ values), each with the name it prints for it
  link_type:
    1: {id: ethernet, doc: Ethernet}
    12: {id: raw_bsd, doc: Raw IP}
    14: {id: raw_bsd14, doc: Raw IP}
    101: {id: raw, doc: Raw IP}
    113: {id: linux_sll, doc: Linux cooked v1}
    197: {id: erf, doc: ERF}
    228: {id: ipv4, doc: Raw IPv4}
    229: {id: ipv6, doc: Raw IPv6}
    242: {id: ipoib, doc: IP over InfiniBand}
    247: {id: infiniband, doc: InfiniBand}
    276: {id: linux_sll2, doc: Linux cooked v2}
