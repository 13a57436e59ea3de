package io.rocescope.dissector.field;

import java.util.Arrays;
import java.util.Collection;

/**
 * Which fields a decode records. The full tree (-V, JSON, the GUI) records every field; a one-line
 * view or the flow tracker needs only the {@link #summary() summary} fields, plus whatever a
 * {@code -e} or {@code -Y} names. Skipping the rest is Wireshark's "no tree" dissection: the same
 * dissectors run, but the header details nobody reads are not stored, which is most of the cost
 * of a RoCE data frame.
 */
public final class FieldInterest {
    /** kept[id] for each field id; null means every field. */
    private final boolean[] kept;

    private FieldInterest(boolean[] kept) { this.kept = kept; }

    private static final FieldInterest ALL = new FieldInterest(null);

    /** Every field: the tree view, JSON, the GUI. */
    public static FieldInterest all() { return ALL; }

    /** Every field except {@link Fields#detail()}: what the one-line views and the flow tracker read. */
    public static FieldInterest summary() {
        boolean[] k = new boolean[Fields.all().size()];
        Arrays.fill(k, true);
        for (FieldDef d : Fields.detail()) k[d.id()] = false;
        return new FieldInterest(k);
    }

    /** This interest plus some fields (those a -e or a display filter names); null adds them all. */
    public FieldInterest with(Collection<FieldDef> more) {
        if (kept == null) return this;
        if (more == null) return ALL;
        boolean[] k = kept.clone();
        for (FieldDef d : more) {
            k[d.id()] = true;
            // frame.protocols is made from the protocol nodes and data.data, which must then be recorded
            if (d == Fields.FRAME_PROTOCOLS) {
                for (FieldDef p : Fields.all()) if (p.type() == FieldType.PROTOCOL || p == Fields.DATA) k[p.id()] = true;
            }
        }
        return new FieldInterest(k);
    }

    /**
     * True when some kept field depends on the frames before it ({@link Fields#ordered()}: time deltas,
     * stream indexes, relative TCP numbers): such a decode must run in capture order, on one thread.
     */
    public boolean needsOrder() {
        if (kept == null) return true;
        for (FieldDef d : Fields.ordered()) if (kept[d.id()]) return true;
        return false;
    }

    /** The mask the decoder checks per field (null = keep all); shared, not to be changed. */
    public boolean[] mask() { return kept; }

    /** True when some {@link Fields#detail() detail} field is kept: the data-path dissectors then add their details. */
    public boolean keepsDetail() {
        if (kept == null) return true;
        for (FieldDef d : Fields.detail()) if (kept[d.id()]) return true;
        return false;
    }
}
