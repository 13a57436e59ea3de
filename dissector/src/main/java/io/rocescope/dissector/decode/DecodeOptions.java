package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.PerftestExchangeLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;

import java.util.Arrays;

/** What the user told the dissector (Wireshark's preferences and Decode-As). */
public final class DecodeOptions {
    /** IANA's RoCEv2 port (ksy/udp_datagram.ksy's); kept under this name for the encoders and the tracker. */
    public static final int ROCE_V2_PORT = (int) UdpDatagramLayout.ROCE_V2_PORT;

    /** perftest's default port for its TCP key exchange (ksy/perftest_exchange.ksy's); kept under this name too. */
    public static final int PERFTEST_PORT = (int) PerftestExchangeLayout.DEFAULT_PORT;

    private final boolean[] roceUdpPorts = new boolean[65536];
    private int perftestPort = PERFTEST_PORT;

    public DecodeOptions() {
        roceUdpPorts[ROCE_V2_PORT] = true;
    }

    /** Decode UDP port {@code port} as RoCEv2 as well (Decode-As). */
    public DecodeOptions addRocePort(int port) {
        if (port < 0 || port > 65535) throw new IllegalArgumentException("UDP port out of range: " + port);
        roceUdpPorts[port] = true;
        return this;
    }

    /** Decode TCP port {@code port} (instead of 18515) as perftest's key exchange (perftest -p). */
    public DecodeOptions perftestPort(int port) {
        if (port < 0 || port > 65535) throw new IllegalArgumentException("TCP port out of range: " + port);
        perftestPort = port;
        return this;
    }

    public int perftestPort() { return perftestPort; }

    public boolean isRocePort(int port) {
        return roceUdpPorts[port];
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("roce ports");
        for (int p = 0; p < roceUdpPorts.length; p++) if (roceUdpPorts[p]) sb.append(' ').append(p);
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DecodeOptions other && Arrays.equals(roceUdpPorts, other.roceUdpPorts)
            && perftestPort == other.perftestPort;
    }

    @Override
    public int hashCode() { return Arrays.hashCode(roceUdpPorts) * 31 + perftestPort; }
}
