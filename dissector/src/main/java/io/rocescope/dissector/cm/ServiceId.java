package io.rocescope.dissector.cm;

/**
 * A REQ's or SIDR_REQ's Service ID. RDMA-CM's IP service IDs (00 00 00 00 01 &lt;port space&gt; &lt;port&gt;) name a
 * port space (TCP, UDP, IB, IPoIB: CmNames.PORT_SPACES) and a port; other IDs are only the number.
 *
 * @param portSpace the RDMA-CM port space, -1 when the ID is not an RDMA-CM IP one
 * @param port      the destination port, -1 likewise
 */
public record ServiceId(long id, int portSpace, int port) {
    /** A service ID that is not RDMA-CM's IP form. */
    public static ServiceId plain(long id) { return new ServiceId(id, -1, -1); }

    public boolean isRdmaIp() { return portSpace >= 0; }
}
