package io.rocescope.flow;

import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.Text;
import io.rocescope.dissector.value.Gid;

/**
 * One side of a connection: its address (the RoCE GID's, as a value), QPN, the PSN it sends first, and the
 * R_Key / VA of its buffer when the set-up told them (-1 when unknown).
 */
public final class Endpoint {
    final Address address;
    int qpn = -1;
    int startPsn = -1;
    long rkey = -1, va = -1;
    /** The GID the set-up named for this side (null when it named none). */
    Gid gid;

    Endpoint(Address address, int qpn) {
        this.address = address;
        this.qpn = qpn;
    }

    public String ip() { return address.toString(); }
    public int qpn() { return qpn; }
    public int startPsn() { return startPsn; }
    public long rkey() { return rkey; }
    public long va() { return va; }
    /** The set-up's GID for this side as text ("::ffff:10.0.0.1", "fd00::1"), null when it named none. */
    public String gid() { return gid == null ? null : Addresses.ipv6(gid); }

    @Override
    public String toString() {
        return address + " QP " + (qpn < 0 ? "?" : Text.hex0x(new LineBuffer(8), qpn, 6));
    }
}
