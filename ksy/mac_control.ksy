meta:
  id: mac_control
  title: "MAC Control frames (EtherType 0x8808, PAUSE and Priority Flow Control)"
  endian: be
# constants of the format that are no field (dissector/src/build/KsyLayouts.java writes them into MacControlLayout)
-constants:
  destination_mac: 0x0180c2000001   # the reserved multicast address every PAUSE and PFC frame is sent to
seq:
  - id: opcode
    type: u2
  - id: body
    type:
      switch-on: opcode
      cases:
        0x0001: pause
        0x0101: pfc
types:
  pause:
    doc: 802.3x PAUSE, one time for the whole link
    seq:
      - id: pause_time
        type: u2
        doc: in quanta of 512 bit times; 0 = resume
  pfc:
    doc: 802.1Qbb per-priority pause (class-based flow control)
    seq:
      - id: class_enable_vector
        type: u2
        doc: bit n enables priority n; bits 15-8 must be 0
      - id: pause_times
        type: u2
        repeat: expr
        repeat-expr: 8
        doc: quanta for priority 0..7, meaningful only where enabled
enums:
  opcode:
    0x0001: {id: pause, doc: Pause}
    0x0101: {id: pfc, doc: "Class Based Flow Control [CBFC] Pause"}
