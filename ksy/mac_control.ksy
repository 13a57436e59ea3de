meta:
  id: mac_control
  title: "MAC Control frames (EtherType 0x8808, PAUSE and Priority Flow Control)"
  endian: be
# constants of the format that are no field (dissector/src/build/KsyLayouts.java writes them into MacControlLayout)
-constants:
  destination_mac: 0x0180c2000001   # the reserved multicast address every PAUSE and PFC frame is sent to
  pause_quantum_bits: 512           # a pause time counts quanta of 512 bit times (5.12 ns at 100 Gb/s)
# the registry entries (RoCEscope's build generates them: dissector/src/build/KsyTables.java), in registry order:
# PAUSE's time, then PFC's class enable vector, its bits and the per-priority times
-wireshark: macc
-label: MAC Control
-fields:
  - {id: opcode, wireshark: macc.opcode, label: Opcode, base: hex, digits: 4, names: opcode}
  - {id: pause_time, wireshark: macc.pause_time, label: pause_time}
  - {id: cbfc_enbv, wireshark: macc.cbfc.enbv, label: Class Enable Vector, base: hex, digits: 4}
  - {id: cbfc_enbv_c0, wireshark: macc.cbfc.enbv.c0, label: C0, base: bool}
  - {id: cbfc_enbv_c1, wireshark: macc.cbfc.enbv.c1, label: C1, base: bool}
  - {id: cbfc_enbv_c2, wireshark: macc.cbfc.enbv.c2, label: C2, base: bool}
  - {id: cbfc_enbv_c3, wireshark: macc.cbfc.enbv.c3, label: C3, base: bool}
  - {id: cbfc_enbv_c4, wireshark: macc.cbfc.enbv.c4, label: C4, base: bool}
  - {id: cbfc_enbv_c5, wireshark: macc.cbfc.enbv.c5, label: C5, base: bool}
  - {id: cbfc_enbv_c6, wireshark: macc.cbfc.enbv.c6, label: C6, base: bool}
  - {id: cbfc_enbv_c7, wireshark: macc.cbfc.enbv.c7, label: C7, base: bool}
  - {id: cbfc_pause_time_c0, wireshark: macc.cbfc.pause_time.c0, label: C0 pause_time}
  - {id: cbfc_pause_time_c1, wireshark: macc.cbfc.pause_time.c1, label: C1 pause_time}
  - {id: cbfc_pause_time_c2, wireshark: macc.cbfc.pause_time.c2, label: C2 pause_time}
  - {id: cbfc_pause_time_c3, wireshark: macc.cbfc.pause_time.c3, label: C3 pause_time}
  - {id: cbfc_pause_time_c4, wireshark: macc.cbfc.pause_time.c4, label: C4 pause_time}
  - {id: cbfc_pause_time_c5, wireshark: macc.cbfc.pause_time.c5, label: C5 pause_time}
  - {id: cbfc_pause_time_c6, wireshark: macc.cbfc.pause_time.c6, label: C6 pause_time}
  - {id: cbfc_pause_time_c7, wireshark: macc.cbfc.pause_time.c7, label: C7 pause_time}
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
