package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * IPoIB (pcap link type 242) decodes as Wireshark's packet-ipoib.c does: the pseudo-header in both its forms
 * (destination address; GRH), the IPoIB header, then IPv4, IPv6 (RoCEv2 and ICMPv6 inside) and ARP. The
 * capture is made of real frames by scripts/ipoib-from-ethernet.py (which knows nothing of RoCEscope); tshark
 * 4.0 is the oracle for every field.
 */
class IpoibDecodeTest {
    private static final String[] FIELDS = {"-T", "fields", "-E", "header=y", "-e", "frame.number", "-e", "frame.protocols",
        "-e", "ipoib.daddr.qpn", "-e", "ipoib.dgid", "-e", "ipoib.grh.ipver", "-e", "ipoib.grh.tclass", "-e", "ipoib.grh.flowlabel",
        "-e", "ipoib.grh.sqpn", "-e", "ipoib.grh.sgid", "-e", "ipoib.type", "-e", "ipoib.reserved", "-e", "ip.src", "-e", "ip.dst",
        "-e", "ipv6.src", "-e", "arp.opcode", "-e", "arp.src.proto_ipv4", "-e", "arp.dst.proto_ipv4", "-e", "udp.dstport",
        "-e", "infiniband.bth.opcode", "-e", "infiniband.bth.psn", "-e", "infiniband.cm.req.serviceid", "-e", "tcp.srcport",
        "-e", "icmpv6.type", "-e", "frame.len"};

    @Test
    void everyFieldIsTsharks() {
        Tshark.assume();
        String file = TestCaptures.sample("ipoib_from_ethernet").toString();
        String[] ours = new String[FIELDS.length + 2];
        ours[0] = "dissect";
        System.arraycopy(FIELDS, 0, ours, 1, FIELDS.length);
        ours[ours.length - 1] = file;
        String[] theirs = new String[FIELDS.length + 2];
        System.arraycopy(FIELDS, 0, theirs, 0, FIELDS.length);
        theirs[FIELDS.length] = "-r";
        theirs[FIELDS.length + 1] = file;
        String expected = Tshark.run(theirs);
        assertThat(expected.lines().skip(1)).as("tshark decodes every frame as IPoIB").isNotEmpty().allMatch(l -> l.split("\t")[1].startsWith("ipoib:"));
        assertThat(expected).contains("ipoib:arp").contains("ipoib:ip:udp:infiniband").contains("ipoib:ipv6:udp:infiniband").contains("ipoib:ipv6:icmpv6");
        assertThat(CliRunner.run(ours).out()).isEqualTo(expected);
    }

    @Test
    void theSummaryLinesNameWhatIsInside() {
        String out = CliRunner.run("dissect", TestCaptures.sample("ipoib_from_ethernet").toString()).out();
        assertThat(out).contains("ARP 72 Who has 10.0.0.2? Tell 10.0.0.1").contains("RRoCE 352 CM ConnectReject")
            .contains("fd00::1 → fd00::2").doesNotContain("Malformed").doesNotContain("not supported");
        CliRunner flows = CliRunner.run("flows", TestCaptures.sample("ipoib_from_ethernet").toString());
        assertThat(flows.exit()).isZero();
        assertThat(flows.out()).contains("10.0.0.1 QP 0x000011");
    }
}
