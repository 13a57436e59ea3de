package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.PingpongFields;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.InfoColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The libibverbs example programs' TCP exchange on port 18515 (ibv_*_pingpong), checked against what the
 * programs printed (lab captures in sample-pcaps/ with their .txt); and port-18515 traffic that is neither
 * perftest's nor theirs, which stays plain TCP data.
 */
class PingpongExchangeTest {
    /** rdma-core pingpong.c: "  local address:  LID 0x0000, QPN 0x000011, PSN 0x9b5b5e, GID ::ffff:10.0.0.1" (ud_pingpong: "PSN 0x…: GID") */
    private static final Pattern LOCAL = Pattern.compile("local address:\\s+LID 0x(\\w+), QPN 0x(\\w+), PSN 0x(\\w+)[,:] GID (\\S+)");

    /** "LID QPN PSN GID" lines a side printed, in order (srq: one per QP). */
    static List<String> printed(Path pcap, String side) throws IOException {
        String txt = Files.readString(Path.of(pcap.toString().replace(".pcap", ".txt")));
        String part = txt.substring(txt.indexOf("## Output of " + side));
        int next = part.indexOf("\n## ", 5);
        if (next > 0) part = part.substring(0, next);
        List<String> out = new ArrayList<>();
        Matcher m = LOCAL.matcher(part);
        while (m.find()) {
            out.add(Integer.parseInt(m.group(1), 16) + " " + Integer.parseInt(m.group(2), 16) + " " + Integer.parseInt(m.group(3), 16)
                + " " + m.group(4));
        }
        return out;
    }

    /** Decoded destination messages sent from {@code src}, as "LID QPN PSN GID". */
    static List<String> decoded(List<DecodedFrame> frames, String src) {
        List<String> out = new ArrayList<>();
        for (DecodedFrame f : frames) {
            if (!Addresses.source(f).equals(src)) continue;
            for (int i = f.find(PingpongFields.MESSAGE); i >= 0; i = f.findNext(PingpongFields.MESSAGE, i)) {
                int end = f.findNext(PingpongFields.MESSAGE, i);
                if (end < 0) end = f.fieldCount();
                if (!FieldText.value(f, i).equals("dest")) continue;
                out.add(f.value(f.findIn(PingpongFields.LID, i, end)) + " " + f.value(f.findIn(PingpongFields.QPN, i, end)) + " "
                    + f.value(f.findIn(PingpongFields.PSN, i, end)) + " " + FieldText.value(f, f.findIn(PingpongFields.GID, i, end)));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"rc_pingpong", "uc_pingpong", "ud_pingpong", "srq_pingpong"})
    void messagesCarryWhatTheProgramsPrinted(String name) throws IOException {
        Path pcap = TestCaptures.sample(name);
        List<DecodedFrame> frames = TestCaptures.decode(pcap);
        List<String> client = printed(pcap, "client"), server = printed(pcap, "server");
        assertThat(client).isNotEmpty();
        List<String> fromClient = decoded(frames, "10.0.0.1"), fromServer = decoded(frames, "10.0.0.2");
        // ibv_srq_pingpong sends its whole table of MAX_QP = 256 entries (srq_pingpong.c), the unused ones all zero
        String unused = "0 0 0 ::";
        if (name.equals("srq_pingpong")) {
            assertThat(fromClient).hasSize(256);
            assertThat(fromServer).hasSize(256);
            assertThat(fromClient.subList(client.size(), 256)).containsOnly(unused);
            assertThat(fromServer.subList(server.size(), 256)).containsOnly(unused);
        }
        assertThat(fromClient.stream().filter(d -> !d.equals(unused)).toList()).as(name + " client → server").isEqualTo(client);
        assertThat(fromServer.stream().filter(d -> !d.equals(unused)).toList()).as(name + " server → client").isEqualTo(server);
        // the client's closing "done", and not one frame called perftest
        assertThat(frames).anySatisfy(f -> assertThat(InfoColumn.of(f)).startsWith("ibv_pingpong done"));
        assertThat(frames).noneMatch(f -> f.protocol() == DecodedFrame.Protocol.PERFTEST);
        assertThat(frames).filteredOn(f -> f.protocol() == DecodedFrame.Protocol.IBV_PINGPONG)
            .allSatisfy(f -> assertThat(InfoColumn.of(f)).startsWith("ibv_pingpong ").doesNotContain("perftest"));
    }

    @Test
    void perftestCapturesHaveNoPingpongMessages() {
        for (String name : new String[] {"send_bw_rc", "write_bw_rc", "send_bw_ud", "send_lat_rc"}) {
            List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
            assertThat(frames).as(name).noneMatch(f -> f.protocol() == DecodedFrame.Protocol.IBV_PINGPONG);
            assertThat(frames).as(name).anyMatch(f -> f.protocol() == DecodedFrame.Protocol.PERFTEST);
        }
    }

    @Test
    void otherDataOnThePerftestPortIsUnrecognizedTcpData() throws IOException {
        Path pcap = TestCaptures.sample("tcp18515_other");
        String txt = Files.readString(Path.of(pcap.toString().replace(".pcap", ".txt")));
        assertThat(txt).contains("server got: GET /status", "client got: HELLO");
        List<DecodedFrame> frames = TestCaptures.decode(pcap);
        List<DecodedFrame> data = frames.stream().filter(f -> f.find(io.rocescope.dissector.field.Fields.TCP_PAYLOAD) >= 0).toList();
        assertThat(data).as("the two text lines").hasSize(2);
        for (DecodedFrame f : frames) {
            assertThat(f.protocol()).isNotIn(DecodedFrame.Protocol.PERFTEST, DecodedFrame.Protocol.IBV_PINGPONG);
            assertThat(InfoColumn.of(f)).doesNotContain("perftest").doesNotContain("ibv_pingpong");
        }
        for (DecodedFrame f : data) assertThat(f.protocol()).isEqualTo(DecodedFrame.Protocol.TCP);
    }
}
