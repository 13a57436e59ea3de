package io.rocescope.dissector.field;

/**
 * One registered field: its filter name (Wireshark-compatible where Wireshark has one), the label
 * shown in the tree, its type and how to print it. Instances are created once, in {@link Fields}.
 */
public final class FieldDef {
    private final int id;
    private final String abbrev;
    private final String label;
    private final FieldType type;
    private final Base base;
    private final int hexDigits;
    private final ValueNames names;
    /** Another field this one's value is also filed under (Wireshark's name for it), or null. */
    private FieldDef alias;
    private boolean hidden;
    /** How Wireshark shows the value where it differs from this field's text (the .ksy's ws-base); null: the same. */
    private FieldSpec.Kind wiresharkKind;
    private int wiresharkDigits;

    FieldDef(int id, String abbrev, String label, FieldType type, Base base, int hexDigits, ValueNames names) {
        this.id = id;
        this.abbrev = abbrev;
        this.label = label;
        this.type = type;
        this.base = base;
        this.hexDigits = hexDigits;
        this.names = names;
    }

    public int id() { return id; }
    /** The filter name, e.g. {@code infiniband.bth.psn}. */
    public String abbrev() { return abbrev; }
    public String label() { return label; }
    public FieldType type() { return type; }
    public Base base() { return base; }
    /** Digits a hex value is zero-padded to (0 = no padding). */
    public int hexDigits() { return hexDigits; }
    public ValueNames names() { return names; }
    /** Not shown in the -V tree (as Wireshark's hidden items, e.g. ip.addr), but in -e, -Y and JSON. */
    public boolean hidden() { return hidden; }

    void hide() { hidden = true; }

    /**
     * How Wireshark's hf shows the value, where its base or width differs from this field's text (-T fields and -V
     * keep RoCEscope's): DEC, HEX (padded to {@link #wiresharkDigits}) or BYTES, which tshark's -T json prints; null
     * where Wireshark shows it as RoCEscope does.
     */
    public FieldSpec.Kind wiresharkKind() { return wiresharkKind; }
    public int wiresharkDigits() { return wiresharkDigits; }

    void wiresharkShows(FieldSpec.Kind kind, int digits) {
        wiresharkKind = kind;
        wiresharkDigits = digits;
    }

    /**
     * The field that also selects this one's value, or null: AtomicETH's VA is also
     * {@code infiniband.reth.va}, because Wireshark files it there and tshark users' -e and -Y use that name.
     * The dissectors emit the alias right after the field (see {@code DecodedFrame#isAlias}).
     */
    public FieldDef alias() { return alias; }

    void alias(FieldDef other) {
        if (other.type != type) throw new IllegalStateException(abbrev + " and its alias " + other.abbrev + " differ in type");
        this.alias = other;
    }

    @Override
    public String toString() { return abbrev; }
}
