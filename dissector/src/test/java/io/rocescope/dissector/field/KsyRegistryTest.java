package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.ArpPacketFieldsKsy;
import io.rocescope.dissector.field.ksy.EtherPayloadFieldsKsy;
import io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy;
import io.rocescope.dissector.field.ksy.IbLrhFieldsKsy;
import io.rocescope.dissector.field.ksy.IbMadFieldsKsy;
import io.rocescope.dissector.field.ksy.IbTransportFieldsKsy;
import io.rocescope.dissector.field.ksy.IcmpPacketFieldsKsy;
import io.rocescope.dissector.field.ksy.Icmpv6PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.IpoibPacketFieldsKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy;
import io.rocescope.dissector.field.ksy.LinuxSllFieldsKsy;
import io.rocescope.dissector.field.ksy.MacControlFieldsKsy;
import io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy;
import io.rocescope.dissector.field.ksy.PingpongExchangeFieldsKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhFieldsKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentFieldsKsy;
import io.rocescope.dissector.field.ksy.UdpDatagramFieldsKsy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registry entries of the link, network and transport layers that ksy/ describes are the .ksy files' own
 * ({@code -wireshark}, {@code -label}, {@code -fields}): every field the registry holds under the protocol names
 * below has a generated entry with the same label, type and value names, so no Java spells them: all of InfiniBand
 * (LRH, GRH, BTH and the extended headers, payload, pad and ICRC, the MAD and CM), ARP, ICMP, ICMPv6 and IPoIB. (The
 * frame's metadata and the values the dissector computes, such as the ICRC's and VCRC's status, are not formats of
 * ksy/; their entries stay in Fields.java.)
 */
class KsyRegistryTest {
    /** The protocols and headers whose layouts ksy/ holds, by their Wireshark names (a field's name starts with its protocol's and a dot). */
    private static final Set<String> DESCRIBED = Set.of("eth", "vlan", "ieee8021ad", "sll", "ip", "ipv6", "udp", "tcp", "macc",
        "infiniband", "arp", "icmp", "icmpv6", "ipoib", "perftest", "ibv_pingpong");
    /** What the dissector computes about a frame, not a field of its layout: the ICRC's and VCRC's checks. */
    private static final Set<String> COMPUTED = Set.of("infiniband.icrc.status", "infiniband.icrc.found", "infiniband.icrc.expected",
        "infiniband.vcrc.status", "infiniband.vcrc.expected");

    private static boolean described(String abbrev) {
        return !COMPUTED.contains(abbrev) && DESCRIBED.stream().anyMatch(p -> abbrev.equals(p) || abbrev.startsWith(p + "."));
    }

    @Test
    void everyRegistryEntryOfADescribedProtocolIsGenerated() {
        Map<String, FieldSpec> generated = generated();
        int checked = 0;
        for (FieldDef f : Fields.all()) {
            if (!described(f.abbrev())) continue;
            FieldSpec s = generated.get(f.abbrev());
            assertThat(s).as("%s: its registry entry is not generated from ksy/", f.abbrev()).isNotNull();
            assertThat(f.label()).as(f.abbrev()).isEqualTo(s.label());
            assertThat(f.type()).as(f.abbrev()).isEqualTo(typeOf(s.kind()));
            assertThat(f.hexDigits()).as(f.abbrev()).isEqualTo(s.hexDigits());
            assertThat(f.names()).as(f.abbrev()).isSameAs(s.names());
            checked++;
        }
        // every protocol above has its node and fields (a protocol dropped from the registry would pass vacuously)
        for (String p : DESCRIBED) assertThat(Fields.all()).as(p).anyMatch(f -> f.abbrev().startsWith(p));
        assertThat(checked).isGreaterThan(100);
    }

    /** And Fields.java, where the registry is bound, spells none of those names (it names the generated entries), nor do the socket exchanges' registries. */
    @Test
    void fieldsJavaSpellsNoNameOfADescribedProtocol() throws java.io.IOException {
        String source = "";
        for (String file : List.of("Fields.java", "PerftestFields.java", "PingpongFields.java")) {
            source += java.nio.file.Files.readString(java.nio.file.Path.of("src/main/java/io/rocescope/dissector/field", file));
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([a-z0-9_]+)(\\.[a-z0-9_.]+)?\"").matcher(source);
        List<String> spelled = new java.util.ArrayList<>();
        while (m.find()) if (described(m.group(1) + (m.group(2) == null ? "" : m.group(2)))) spelled.add(m.group());
        assertThat(spelled).isEmpty();
        assertThat(source).contains("\"frame.number\"");   // the pattern does find the names Fields.java does spell
    }

    /** Every registry entry the .ksy files give, by name. */
    private static Map<String, FieldSpec> generated() {
        Map<String, FieldSpec> generated = new HashMap<>();
        Stream.of(EthernetFrameFieldsKsy.ALL, EtherPayloadFieldsKsy.ALL, LinuxSllFieldsKsy.ALL, Ipv4PacketFieldsKsy.ALL,
                Ipv6PacketFieldsKsy.ALL, UdpDatagramFieldsKsy.ALL, TcpSegmentFieldsKsy.ALL, RoceV1GrhFieldsKsy.ALL,
                MacControlFieldsKsy.ALL, IbLrhFieldsKsy.ALL, IbTransportFieldsKsy.ALL, IbMadFieldsKsy.ALL, ArpPacketFieldsKsy.ALL,
                IcmpPacketFieldsKsy.ALL, Icmpv6PacketFieldsKsy.ALL, IpoibPacketFieldsKsy.ALL, PerftestExchangeFieldsKsy.ALL,
                PingpongExchangeFieldsKsy.ALL)
            .flatMap(List::stream).forEach(s -> generated.put(s.abbrev(), s));
        return generated;
    }

    /**
     * Nor does any other hand-written source of any module: a field name a .ksy gives, spelled in a string, would
     * silently stop matching when the .ksy renames it; code that needs one asks the registry
     * ({@code Fields.BTH_PSN.abbrev()}). The exceptions are the examples in picocli's help text, which must be a
     * compile-time constant: exactly those names in that file, so the rest of the file is held to the rule too.
     */
    @Test
    void noModuleSpellsAFieldNameTheKsyGives() throws IOException {
        Set<String> fromKsy = generated().keySet();
        String dissect = "analyzer-cli/src/main/java/io/rocescope/cli/DissectCommand.java: ";
        Set<String> helpText = Set.of(dissect + "infiniband.bth.psn", dissect + "infiniband.aeth.syndrome.opcode", dissect + "ip.src");
        Pattern string = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
        Pattern name = Pattern.compile("[a-z_][a-z0-9_]*(?:\\.[a-z0-9_]+)+");
        Path repo = Path.of("..").toAbsolutePath().normalize();
        List<String> spelled = new ArrayList<>();
        int files = 0;
        List<Path> modules;
        try (Stream<Path> all = Files.list(repo)) {
            modules = all.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList();
        }
        for (Path module : modules) {
            List<Path> sources;
            try (Stream<Path> walk = Files.walk(module.resolve("src/main/java"))) {
                sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
            }
            for (Path source : sources) {
                files++;
                String rel = repo.relativize(source).toString();
                Matcher s = string.matcher(Files.readString(source));
                while (s.find()) {
                    Matcher n = name.matcher(s.group(1));
                    while (n.find()) if (fromKsy.contains(n.group()) && !helpText.contains(rel + ": " + n.group())) spelled.add(rel + ": " + n.group());
                }
            }
        }
        assertThat(modules).hasSizeGreaterThanOrEqualTo(7);
        assertThat(files).isGreaterThan(300);
        assertThat(fromKsy).contains("infiniband.bth.psn", "ip.src", "infiniband.cm.req.localqpn");
        assertThat(spelled).isEmpty();
    }

    private static FieldType typeOf(FieldSpec.Kind k) {
        return switch (k) {
            case PROTOCOL -> FieldType.PROTOCOL;
            case DEC, HEX -> FieldType.UINT;
            case BOOL -> FieldType.BOOLEAN;
            case BYTES -> FieldType.BYTES;
            case IPV4 -> FieldType.IPV4;
            case IPV6 -> FieldType.IPV6;
            case ETHER -> FieldType.ETHER;
            case STRING -> FieldType.STRING;
            case DOUBLE -> FieldType.DOUBLE;
        };
    }

    /**
     * Where Wireshark's hf shows a value with another base or width than RoCEscope's text, the .ksy says so
     * (ws-base, ws-digits) and the registry carries it for tshark's JSON (TsharkJsonTest holds the printed values to
     * tshark's on the real captures); spot checks of each kind, and of a field without one.
     */
    @Test
    void wiresharksOwnBaseIsTheKsys() {
        assertThat(Fields.byName("infiniband.cm.req.initdepth").wiresharkKind()).isEqualTo(FieldSpec.Kind.HEX);
        assertThat(Fields.byName("infiniband.cm.req.initdepth").wiresharkDigits()).isEqualTo(2);
        assertThat(Fields.byName("infiniband.deth.q_key").wiresharkDigits()).isEqualTo(16);
        assertThat(Fields.byName("infiniband.cm.rej.reason").wiresharkDigits()).isEqualTo(4);
        assertThat(Fields.byName("infiniband.atomiceth.swapdt").wiresharkKind()).isEqualTo(FieldSpec.Kind.DEC);
        assertThat(Fields.byName("infiniband.immdt").wiresharkKind()).isEqualTo(FieldSpec.Kind.BYTES);
        assertThat(Fields.byName("tcp.flags").wiresharkDigits()).isEqualTo(4);
        assertThat(Fields.byName("infiniband.bth.psn").wiresharkKind()).isNull();
        long differing = Fields.all().stream().filter(f -> f.wiresharkKind() != null).count();
        assertThat(differing).isEqualTo(54);
    }
}
