package io.rocescope.dissector.cm;

/**
 * A MAD's common header (IBTA 13.4.3) as values, and for the CM class the message it carries: what the
 * flow tracker reads instead of the MAD's fields, so that what it sees does not depend on which fields a
 * decode keeps. The dissector makes it from the values it decodes the fields from (no second parse).
 *
 * @param qKeyMismatch CM class only: the DETH's Q_Key is not the GSI's 0x80010000 (CM responders drop such MADs)
 * @param cm           the CM message; null for other classes, ClassPortInfo and unknown CM attributes
 */
public record Mad(int baseVersion, int mgmtClass, int classVersion, int method, int status, int classSpecific,
                  long transactionId, int attributeId, long attributeModifier, boolean qKeyMismatch, CmMessage cm) {

    /** The Communication Management class (0x07): the only one whose messages are decoded. */
    public boolean isCm() { return mgmtClass == io.rocescope.dissector.field.CmNames.CLASS_CM; }
}
