package io.rocescope.cli.probe;

import io.rocescope.dissector.field.ksy.TcpSegmentLayout;

import static io.rocescope.dissector.field.ksy.IbMadLayout.MASK_SERVICE_ID_PORT;

/**
 * One probe named on the command line: its kind, its single host ({@link ProbeTarget}'s checks) and port.
 * {@code capture --probe} writes them {@code cm:HOST[:PORT]} (PORT: the RDMA-CM port of the service ID,
 * default 9999) and {@code tcp:HOST:PORT}; {@code probe tcp} takes the {@code HOST:PORT} part alone.
 */
public record ProbeSpec(String kind, String name, ProbeTarget target, int port) {
    /** The RDMA-CM port asked for when none is named (nothing usually listens there: the answer is a REJ). */
    public static final int DEFAULT_CM_PORT = 9999;

    /** {@code cm:HOST[:PORT]} or {@code tcp:HOST:PORT}; a mistake is an IllegalArgumentException with its one line. */
    public static ProbeSpec parse(String spec) {
        int colon = spec.indexOf(':');
        if (colon <= 0) throw new IllegalArgumentException("--probe '" + spec + "': say which probe: cm:HOST[:PORT] or tcp:HOST:PORT");
        String kind = spec.substring(0, colon), rest = spec.substring(colon + 1);
        try {
            return switch (kind) {
                case "cm" -> cm(rest);
                case "tcp" -> tcp(rest);
                default -> throw new IllegalArgumentException("unknown probe '" + kind + "' (cm:HOST[:PORT], tcp:HOST:PORT)");
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--probe '" + spec + "': " + e.getMessage());
        }
    }

    /** {@code HOST:PORT} of a TCP probe ({@code [v6]:PORT} too). */
    public static ProbeSpec tcp(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) throw new IllegalArgumentException("target '" + hostPort + "' needs a port: HOST:PORT");
        int port = port(hostPort.substring(colon + 1), TcpSegmentLayout.MASK_DST_PORT, "target '" + hostPort + "': bad port");
        if (port < 1) throw new IllegalArgumentException("target '" + hostPort + "': bad port");
        String host = hostPort.substring(0, colon);
        // an IPv6 host only in brackets: fd00::1:22 could be fd00::1 port 22 or fd00::1:22 with the port forgotten,
        // and a probe must never go to an address the user did not name
        if (host.startsWith("[") && host.endsWith("]") && host.length() > 2) host = host.substring(1, host.length() - 1);
        else if (host.indexOf(':') >= 0 || host.indexOf('[') >= 0 || host.indexOf(']') >= 0)
            throw new IllegalArgumentException("target '" + hostPort + "': write an IPv6 host in brackets, [ADDRESS]:PORT");
        return new ProbeSpec("tcp", hostPort, ProbeTarget.parse(host), port);
    }

    /** {@code HOST} or {@code HOST:PORT} of a CM probe: one IPv4 host. */
    private static ProbeSpec cm(String s) {
        String host = s;
        int port = DEFAULT_CM_PORT;
        int colon = s.lastIndexOf(':');
        // one colon: HOST:PORT (an IPv6 address has more, and is refused below as not IPv4)
        if (colon > 0 && s.indexOf(':') == colon) {
            host = s.substring(0, colon);
            port = port(s.substring(colon + 1), MASK_SERVICE_ID_PORT, "bad port '" + s.substring(colon + 1) + "' (the RDMA-CM port: 0.." + MASK_SERVICE_ID_PORT + ")");
        }
        if (host.isEmpty()) throw new IllegalArgumentException("no target: cm:HOST[:PORT]");
        return new ProbeSpec("cm", host, ipv4(ProbeTarget.parse(host)), port);
    }

    /** CM probes are built for IPv4 (RoCEv2 over IPv4) only, so far. */
    public static ProbeTarget ipv4(ProbeTarget t) {
        if (!(t.address() instanceof java.net.Inet4Address)) throw new IllegalArgumentException("target '" + t.name() + "': only IPv4 targets for now");
        return t;
    }

    /** {@code max}: the largest value of the port's 16-bit field. */
    private static int port(String s, long max, String message) {
        try {
            int p = Integer.parseInt(s);
            if (p < 0 || p > max) throw new IllegalArgumentException(message);
            return p;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(message);
        }
    }
}
