package io.rocescope.cli;

import io.rocescope.cli.probe.CmProbeRequest;
import io.rocescope.cli.probe.EcmpCoverage;
import io.rocescope.cli.probe.Sweep;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static io.rocescope.dissector.field.ksy.IbMadLayout.MASK_CM_REQ_MAX_CM_RETRIES;

/**
 * How a CM probe is sent: CM's timeout and resends, the UDP source port, one sweep, the next hop's MAC.
 * What {@code probe cm} and {@code capture --probe cm:…} share (the service's port is each one's own:
 * {@code probe cm --port}, {@code --probe cm:HOST:PORT}, as capture's --port is Decode-As).
 */
final class CmProbeOptions {
    @Option(names = "--cm-response-timeout", paramLabel = "EXP", description = "CM response timeout written into the REQ and waited for: 4.096 µs × 2^EXP (default 16 = 268 ms)")
    int responseTimeout = 16;

    @Option(names = "--retries", paramLabel = "N", description = "REQ resends before a probe is lost (Max CM Retries in the REQ; default 2)")
    int retries = 2;

    @Option(names = "--udp-sport", paramLabel = "N", description = "UDP source port (RoCEv2 flow entropy: the ECMP path; default random)")
    Integer udpSport;

    @Option(names = "--dscp", paramLabel = "LIST", description = {"DSCP sweep: each step's probes with one DSCP of LIST (e.g. 0,24-26,46),",
        "to find the traffic class (the PFC priority) a fabric drops or slows"})
    String dscp;

    @Option(names = "--sizes", paramLabel = "LIST", description = {"frame size sweep, bytes (e.g. 322,1024,1514,4200,9014): the REQ's IP datagram padded",
        "after its UDP datagram (the RoCE packet is unchanged); the largest size answered is the path MTU"})
    String sizes;

    @Option(names = "--paths", paramLabel = "N", description = {"UDP source port sweep over N ECMP paths: as many random source ports as cover",
        "all N with --confidence (uniform hashing; the count and its formula are printed)"})
    Integer paths;

    @Option(names = "--confidence", paramLabel = "P", description = "with --paths: the probability that every path is hit (default 0.99)")
    double confidence = 0.99;

    @Option(names = "--dst-mac", paramLabel = "MAC", description = "next hop's MAC (default: the neighbour table, else ARP)")
    String dstMac;

    /** The largest IP MTU a size sweep may ask for: a 9216-byte jumbo frame's (no format's constant: a common switch maximum). */
    static final int JUMBO_MTU = 9216;
    /** The largest frame a size sweep may ask for: the jumbo MTU and the Ethernet header. */
    static final int MAX_FRAME = JUMBO_MTU + EthernetFrameLayout.FIXED_SIZE;

    /** The REQ's Max CM Retries field's largest value: 15. */
    private static final int MAX_RETRIES = (int) MASK_CM_REQ_MAX_CM_RETRIES;
    /** The largest DSCP, 63. */
    private static final int MAX_DSCP = (int) Ipv4PacketLayout.MASK_DSCP;

    void check(CommandLine cl) {
        if (responseTimeout < 8 || responseTimeout > 24) throw new CommandLine.ParameterException(cl, "--cm-response-timeout must be 8..24 (1 ms .. 69 s)");
        if (retries < 0 || retries > MAX_RETRIES) {
            throw new CommandLine.ParameterException(cl, "--retries must be 0.." + MAX_RETRIES + " (a " + Long.bitCount(MASK_CM_REQ_MAX_CM_RETRIES)
                + "-bit field in the REQ)");
        }
        if (udpSport != null && (udpSport < 1 || udpSport > UdpDatagramLayout.MASK_SRC_PORT)) throw new CommandLine.ParameterException(cl, "--udp-sport " + udpSport + " is not a port");
    }

    /** The one sweep asked for, or null; the UDP source ports of --paths drawn at random, distinct. */
    Sweep sweep(CommandLine cl) {
        try {
            return sweep();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    private Sweep sweep() {
        int asked = (dscp != null ? 1 : 0) + (sizes != null ? 1 : 0) + (paths != null ? 1 : 0);
        if (asked > 1) throw new IllegalArgumentException("one sweep at a time: --dscp, --sizes or --paths");
        if (asked == 0) return null;
        if (dscp != null) return new Sweep(Sweep.Kind.DSCP, Sweep.parseList(dscp, 0, MAX_DSCP, 64, "--dscp"));
        if (sizes != null) {
            int min = CmProbeRequest.UNPADDED_FRAME;
            return new Sweep(Sweep.Kind.SIZE, Sweep.parseList(sizes, min, MAX_FRAME, 64, "--sizes (the REQ's frame is " + min + " bytes)"));
        }
        if (udpSport != null) throw new IllegalArgumentException("--paths draws its own UDP source ports: no --udp-sport with it");
        int k = EcmpCoverage.ports(paths, confidence);
        if (k > 4096) throw new IllegalArgumentException("--paths " + paths + " --confidence " + confidence + " needs " + k + " ports: at most 4096");
        LinkedHashSet<Integer> ports = new LinkedHashSet<>();
        while (ports.size() < k) ports.add(ThreadLocalRandom.current().nextInt(49152, 65536));
        return new Sweep(Sweep.Kind.UDP_SPORT, List.copyOf(ports));
    }

    /** --dst-mac's MAC, or null (the neighbour table, else ARP, finds it). */
    byte[] mac(CommandLine cl) {
        if (dstMac == null) return null;
        byte[] mac;
        try {
            mac = HexFormat.ofDelimiter(":").parseHex(dstMac);
            if (mac.length != EthernetFrameLayout.LEN_DST_MAC) throw new IllegalArgumentException();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--dst-mac '" + dstMac + "' is not a MAC (aa:bb:cc:dd:ee:ff)");
        }
        if ((mac[0] & EthernetFrameLayout.GROUP_ADDRESS_BIT) != 0) throw new CommandLine.ParameterException(cl, "--dst-mac is a multicast/broadcast MAC: probes go to single hosts");
        return mac;
    }
}
