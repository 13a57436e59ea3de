package io.rocescope.dissector.encode;

import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.EUI64_FILLER;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.UNIVERSAL_LOCAL_BIT;

/** A MAC's modified EUI-64 (RFC 4291 appendix A): the GUID a RoCE port takes from its MAC, as rxe makes it. */
public final class Eui64 {
    private Eui64() {}

    /** The MAC's first three bytes with the U/L bit inverted, the filler, then its last three bytes. */
    public static long ofMac(byte[] mac) {
        long guid = (mac[0] ^ UNIVERSAL_LOCAL_BIT) & 0xFF;
        for (int i = 1; i < 3; i++) guid = guid << 8 | (mac[i] & 0xFF);
        guid = guid << 16 | EUI64_FILLER;
        for (int i = 3; i < 6; i++) guid = guid << 8 | (mac[i] & 0xFF);
        return guid;
    }
}
