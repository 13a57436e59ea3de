package io.rocescope.dissector.madeup;

import io.rocescope.dissector.field.ExtendedHeader;

/**
 * The Info column's words for the made-up XYZETH (src/test/ksy/madeup_transport.ksy): the only Java written for
 * that header. {@code v} holds its fields in the .ksy's {@code -fields} order: flavor, urgent, level, key, tag.
 */
public final class XyzethInfo implements ExtendedHeader.Info {
    @Override
    public String text(long[] v) {
        String flavor = MadeupTransportKsy.FLAVOR.nameOf(v[0]);
        return "XYZ " + (flavor != null ? flavor : "flavor " + v[0]) + (v[1] != 0 ? " urgent" : "") + " level=" + v[2]
            + String.format(" key=0x%08x", v[3]);
    }
}
