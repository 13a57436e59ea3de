package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** -z conv,udp and -z io,stat: the same conversations and counts as tshark 4.0's (the table layout is RoCEscope's). */
class StatisticsTest {
    /** "A <-> B" and the six counts of each conversation row, and its relative start. */
    private static List<String> conversations(String out) {
        Pattern row = Pattern.compile("^(\\S+)\\s+<->\\s+(\\S+)\\s+(\\d+)\\s+(\\d+ \\w+)\\s+(\\d+)\\s+(\\d+ \\w+)\\s+(\\d+)\\s+(\\d+ \\w+)\\s+([\\d.]+)",
            Pattern.MULTILINE);
        List<String> rows = new ArrayList<>();
        Matcher m = row.matcher(out);
        while (m.find()) {
            StringBuilder sb = new StringBuilder();
            for (int g = 1; g <= 9; g++) sb.append(m.group(g)).append(' ');
            rows.add(sb.toString());
        }
        return rows.stream().sorted().toList();
    }

    /** The interval rows: start, and frames and bytes of each column. */
    private static List<String> intervals(String out) {
        List<String> rows = new ArrayList<>();
        for (String line : out.lines().toList()) {
            Matcher m = Pattern.compile("^\\|\\s*([\\d.]+) <> ([\\d.]+|Dur)\\s*((?:\\|\\s*\\d+\\s*)+)\\|$").matcher(line);
            if (m.matches()) rows.add(Double.parseDouble(m.group(1)) + " " + m.group(3).replaceAll("[|\\s]+", " ").trim());
        }
        return rows;
    }

    @Test
    void udpConversationsAndIoStatisticsCountAsTsharks() {
        Tshark.assume();
        for (String name : List.of("rping", "send_bw_loss2pct", "send_bw_ipv6")) {
            String file = TestCaptures.file(name).toString();
            String ours = CliRunner.run("dissect", "-q", "-z", "conv,udp", file).out();
            List<String> expected = conversations(Tshark.run("-r", file, "-q", "-z", "conv,udp"));
            assertThat(expected).as(name).isNotEmpty();
            assertThat(conversations(ours)).as(name).isEqualTo(expected);
        }
        String file = TestCaptures.file("send_bw_loss2pct").toString();
        for (String[] z : new String[][] {{"io,stat,0.5"}, {"io,stat,1,infiniband.aeth"}, {"io,stat,0.25,ip.src == 10.0.0.2,udp"}}) {
            CliRunner r = CliRunner.run("dissect", "-q", "-z", z[0], file);
            assertThat(r.exit()).isZero();
            List<String> expected = intervals(Tshark.run("-r", file, "-q", "-z", z[0]));
            assertThat(expected).as(z[0]).isNotEmpty();
            assertThat(intervals(r.out())).as(z[0]).isEqualTo(expected);
        }
        // -Y chooses the frames printed, not those counted, as in tshark 4.0
        String filtered = CliRunner.run("dissect", "-q", "-Y", "ip.src == 10.0.0.1", "-z", "conv,udp", file).out();
        assertThat(conversations(filtered)).isEqualTo(conversations(Tshark.run("-r", file, "-q", "-Y", "ip.src == 10.0.0.1", "-z", "conv,udp")));
        CliRunner bad = CliRunner.run("dissect", "-q", "-z", "io,stat,x", file);
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("invalid interval").doesNotContain("Exception");
    }
}
