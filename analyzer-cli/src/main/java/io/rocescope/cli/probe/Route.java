package io.rocescope.cli.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a frame reaches a target, as the kernel would send it: the interface and source address from
 * {@code ip route get}, the next hop (the target itself on a local subnet, else the gateway), the
 * interface's MAC, and its subnet's broadcast address (refused as a target). The next hop's MAC comes
 * from the neighbour table when it is there ({@link #neighbourMac}); else {@link RawLink} asks with ARP.
 */
public record Route(String device, InetAddress source, InetAddress nextHop, byte[] sourceMac, InetAddress broadcast) {
    private static final Pattern DEV = Pattern.compile("\\bdev (\\S+)"), SRC = Pattern.compile("\\bsrc (\\S+)"),
        VIA = Pattern.compile("\\bvia (\\S+)"), LLADDR = Pattern.compile("\\blladdr (\\S+)"),
        BRD = Pattern.compile("\\binet \\S+ brd (\\S+)"), INET = Pattern.compile("\\binet (\\S+?)/(\\d+)");

    /** The route to {@code target}; {@code device} (may be null) must be the one it takes. */
    public static Route to(InetAddress target, String device) throws IOException {
        String out = run("ip", "-4", "route", "get", target.getHostAddress());
        Matcher dev = DEV.matcher(out), src = SRC.matcher(out), via = VIA.matcher(out);
        if (!dev.find() || !src.find()) throw new IOException("no route to " + target.getHostAddress() + " (ip route get: " + out.strip() + ")");
        String d = dev.group(1);
        if (d.equals("lo")) throw new IOException(target.getHostAddress() + " is this host's own address: probe another host");
        if (device != null && !device.equals(d)) {
            throw new IOException("the route to " + target.getHostAddress() + " leaves by " + d + ", not " + device);
        }
        InetAddress hop = via.find() ? InetAddress.getByName(via.group(1)) : target;
        byte[] mac = HexFormat.ofDelimiter(":").parseHex(Files.readString(Path.of("/sys/class/net", d, "address")).strip());
        String addr = run("ip", "-4", "-o", "addr", "show", "dev", d);
        InetAddress brd = null;
        Matcher b = BRD.matcher(addr);
        if (b.find()) brd = InetAddress.getByName(b.group(1));
        else {
            Matcher i = INET.matcher(addr);
            if (i.find()) brd = broadcastOf(InetAddress.getByName(i.group(1)), Integer.parseInt(i.group(2)));
        }
        return new Route(d, InetAddress.getByName(src.group(1)), hop, mac, brd);
    }

    static InetAddress broadcastOf(InetAddress a, int prefix) throws IOException {
        int v = java.nio.ByteBuffer.wrap(a.getAddress()).getInt();
        int host = prefix >= 32 ? 0 : -1 >>> prefix;
        return InetAddress.getByAddress(java.nio.ByteBuffer.allocate(4).putInt(v | host).array());
    }

    /** The next hop's MAC from the neighbour table, or null. */
    public byte[] neighbourMac() throws IOException {
        String out = run("ip", "-4", "neigh", "show", nextHop.getHostAddress(), "dev", device);
        Matcher m = LLADDR.matcher(out);
        if (!m.find() || out.contains("FAILED") || out.contains("INCOMPLETE")) return null;
        return HexFormat.ofDelimiter(":").parseHex(m.group(1));
    }

    private static String run(String... cmd) throws IOException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            return new String(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
