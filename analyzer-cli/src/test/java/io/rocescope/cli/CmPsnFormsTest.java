package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.Tshark;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CM PSNs in hex (as the CM and tshark print them) and decimal (as data PSNs are printed), wherever
 * they appear, so that a REP's PSN can be matched with the first data PSN: Info column, timeline, flows.
 * The PSNs come from tshark's decode of the real rdma_cm capture.
 */
class CmPsnFormsTest {
    private static final Path FILE = TestCaptures.file("send_bw_rc_rdmacm");

    private static String both(String hex) {
        long v = Long.decode(hex);
        return String.format("0x%06x (%d)", v, v);
    }

    @Test
    void reqAndRepPsnsInBothFormsEverywhere() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        List<String[]> cm = Tshark.fields(FILE, "infiniband.cm.req || infiniband.cm.rep", "frame.number",
            "infiniband.cm.req.startpsn", "infiniband.cm.rep.startpsn");
        assertThat(cm).hasSize(4);   // two connections: REQ, REP each
        String[] dissect = CliRunner.run("dissect", FILE.toString()).lines();
        String timeline = CliRunner.run("timeline", FILE.toString()).out();
        String flows = CliRunner.run("flows", FILE.toString()).out();
        for (String[] row : cm) {
            int frame = Integer.parseInt(row[0]);
            boolean req = !row[1].isEmpty();
            String psn = both(req ? row[1] : row[2]);
            assertThat(dissect[frame - 1]).contains((req ? "CM ConnectRequest" : "CM ConnectReply") + " QPN=")
                .contains("PSN=" + psn);
            assertThat(timeline).containsPattern("(?m)^ +" + frame + " .*" + (req ? "REQ" : "REP") + ".*PSN "
                + java.util.regex.Pattern.quote(psn));
            // the initiator sends from the PSN its REP announced (both connections' initiators send data;
            // the responder of connection 2 only answers, so its flow has no first request PSN)
            if (!req) {
                long v = Long.decode(row[2]);
                assertThat(flows).contains(String.format("first PSN %d (0x%06x)", v, v));
            }
        }
    }
}
