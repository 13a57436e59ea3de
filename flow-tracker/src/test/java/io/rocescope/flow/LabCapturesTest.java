package io.rocescope.flow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * perftest under netem on Soft-RoCE, made in the lab this session (sample-pcaps/, each with its .txt:
 * perftest's output and rxe's counters). The two larger ones are cut to 256 bytes a frame with
 * {@code editcap -s 256}: headers and perftest's TCP exchange stay whole, payload sizes come from the
 * UDP length. Expected values are perftest's (message size, iterations) and rxe's counters.
 */
class LabCapturesTest {

    static Path sample(String name) {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("sample-pcaps").resolve(name);
            if (Files.exists(c)) return c;
        }
        throw new IllegalStateException("sample-pcaps/" + name + " not found");
    }

    static Reports.Analysis track(String name) {
        return Track.file(sample(name + ".pcap"));
    }

    /** An rxe counter of the requester (rxe_a) after the run. */
    static long rxeA(String name, String counter) {
        try {
            String txt = Files.readString(sample(name + ".txt"));
            String after = txt.substring(txt.indexOf("## rxe hw counters after"));
            Matcher m = Pattern.compile("rxe_a:.*?\\b" + counter + " (\\d+)").matcher(after);
            if (!m.find()) throw new IllegalStateException(counter + " not in " + name);
            return Long.parseLong(m.group(1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_dup5pct", "send_bw_reorder_s256", "write_bw_loss2pct", "read_bw_loss2pct_resp_s256"})
    void everyMessageIsPerftestsWhateverTheLossCopiesAndOrder(String name) {
        Perftest.Printed p = Perftest.printed(sample(name + ".txt"));
        Reports.ConnectionReport c = track(name).connections().get(0);
        Reports.MessagesReport m = name.startsWith("read") ? c.bToA().readResponseMessages() : c.aToB().messages();
        assertThat(m.count()).as(name).isEqualTo(p.iterations());
        assertThat(m.incomplete()).as(name).isZero();
        assertThat(m.sizeBytes().min()).as(name).isEqualTo(p.bytes());
        assertThat(m.sizeBytes().max()).as(name).isEqualTo(p.bytes());
    }

    @Test
    void packetsTheNetworkCopiedAreCopiesNotResends() {
        Reports.FlowReport f = track("send_bw_dup5pct").connections().get(0).aToB();
        // rxe_a sent sent_pkts packets; the capture behind netem holds those plus netem's copies
        // (A only sends requests here: the ACKs come from B)
        assertThat(f.psn().copies()).isEqualTo(f.packets() - rxeA("send_bw_dup5pct", "sent_pkts"));
        assertThat(f.psn().retransmissionEpisodes()).isEqualTo(rxeA("send_bw_dup5pct", "completer_retry_err"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"write_bw_loss2pct", "send_bw_dup5pct"})
    void retransmissionEpisodesAreTheRequestersRetries(String name) {
        Reports.FlowReport f = track(name).connections().get(0).aToB();
        assertThat(f.psn().retransmissionEpisodes()).isEqualTo(rxeA(name, "completer_retry_err"));
        assertThat(f.answers().naks().getOrDefault("PSN Sequence Error", 0L)).isEqualTo(rxeA(name, "rcvd_seq_err"));
    }

    @Test
    void reorderedPacketsAreNotResends() {
        // the sender's order is the IPv4 Identification order: a resend is a PSN already sent on an older one
        List<TestIds> requests = TestIds.of(sample("send_bw_reorder_s256.pcap"));
        Set<Integer> seen = new HashSet<>();
        long resent = 0;
        for (TestIds r : requests.stream().sorted(java.util.Comparator.comparingLong(TestIds::unwrappedId)).toList()) {
            if (!seen.add(r.psn())) resent++;
        }
        Reports.FlowReport f = track("send_bw_reorder_s256").connections().get(0).aToB();
        assertThat(requests).hasSize((int) f.packets());
        assertThat(f.psn().reordered()).isPositive();
        // the first packets come before the Identifications are known to count (8 of them): a few late ones are taken for resends
        assertThat(f.psn().retransmittedPackets()).isBetween(resent, resent + resent / 100);
        assertThat(f.psn().copies()).isZero();
    }

    /** A request packet's PSN and its IPv4 Identification, unwrapped past 65535 in capture order. */
    record TestIds(int psn, long unwrappedId) {
        static List<TestIds> of(Path pcap) {
            List<TestIds> out = new java.util.ArrayList<>();
            long newest = -1;
            for (io.rocescope.dissector.decode.DecodedFrame d : io.rocescope.dissector.TestCaptures.decode(pcap)) {
                if (!d.isRoce() || d.has(io.rocescope.dissector.field.CmFields.MAD)) continue;
                if (!io.rocescope.dissector.text.Addresses.source(d).equals("10.0.0.1") || d.ib().opcode() > 0x0B) continue;
                int id = (int) d.get(io.rocescope.dissector.field.Fields.IP_ID, -1);
                long u = id;
                if (newest >= 0) {
                    u = newest - (newest & 0xFFFF) + id;          // the nearest value to the newest with these 16 bits
                    if (u - newest > 32768) u -= 65536;
                    else if (newest - u > 32768) u += 65536;
                }
                newest = Math.max(newest, u);
                out.add(new TestIds(d.ib().psn(), u));
            }
            return out;
        }
    }
}
