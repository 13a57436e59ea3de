package io.rocescope.cli.probe;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * One target named on the command line, checked: a single unicast host, never a range, a prefix, a
 * wildcard, a multicast or broadcast address (a probe tool that could be pointed at a subnet would be a
 * scanner). The interface's own subnet broadcast address is refused later, once the route is known.
 */
public record ProbeTarget(String name, InetAddress address) {
    public static ProbeTarget parse(String s) {
        if (s == null || s.isBlank()) throw new IllegalArgumentException("empty target");
        if (s.contains("/") || s.contains("*") || s.contains(",") || s.matches(".*\\d-\\d.*") || s.contains("..")) {
            throw new IllegalArgumentException("target '" + s + "' is not a single host: probes go only to hosts named one by one, never to a range or subnet");
        }
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(s);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + s + "'");
        }
        InetAddress a = all[0];
        for (InetAddress x : all) if (x instanceof Inet4Address) { a = x; break; }
        if (a.isMulticastAddress()) throw new IllegalArgumentException("target '" + s + "' is a multicast address: probes go only to single hosts");
        if (a.isAnyLocalAddress()) throw new IllegalArgumentException("target '" + s + "' is the wildcard address");
        if (a instanceof Inet4Address && (a.getAddress()[0] & 0xFF) == 255 && (a.getAddress()[3] & 0xFF) == 255) {
            throw new IllegalArgumentException("target '" + s + "' is a broadcast address: probes go only to single hosts");
        }
        return new ProbeTarget(s, a);
    }

    public String ip() { return address.getHostAddress(); }
}
