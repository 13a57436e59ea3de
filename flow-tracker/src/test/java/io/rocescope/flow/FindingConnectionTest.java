package io.rocescope.flow;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every finding names the connection it is about by number (what front ends place it by): the connection
 * its text describes, a bad ICRC's the connection whose flow its frame belongs to, none for the capture,
 * a host or a set-up that made no connection. On real captures of loss, corruption, NAKs, RNR and CM.
 */
class FindingConnectionTest {
    private static final Pattern DESCRIBED = Pattern.compile("\\(connection (\\d+) \\(|^connection (\\d+) \\(");

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_loss2pct", "send_bw_corrupt1pct", "rnr_nak", "nak_remote_access_write",
        "cm_reject_no_listener", "rping", "udaddy_sidr", "send_bw_ud"})
    void eachFindingCarriesItsConnection(String capture) {
        Reports.Analysis a = Track.capture(capture);
        Map<Integer, Reports.ConnectionReport> byId = new HashMap<>();
        for (Reports.ConnectionReport c : a.connections()) byId.put(c.id(), c);
        int named = 0;
        for (Finding f : a.findings()) {
            // a sequence finding (gap, resend, duplicate, Go-Back-N …) is always a connection's: an id left unset fails here
            if (FindingKind.of(f.kind()) != null && FindingKind.of(f.kind()).group() == FindingKind.Group.SEQUENCE) {
                assertThat(f.connection()).as(f.toString()).isNotEqualTo(Finding.NO_CONNECTION);
                assertThat(byId).as(f.toString()).containsKey(f.connection());
            }
            Matcher m = DESCRIBED.matcher(f.flow());
            if (m.find()) {
                int id = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
                assertThat(f.connection()).as(f.toString()).isEqualTo(id);
                named++;
            } else if (f.kind().equals(FindingKind.ICRC_BAD.key()) && !f.message().contains("CNP")) {   // a CNP has no flow
                // the frame is a packet of one direction of that connection (same hosts, within its frames)
                Reports.ConnectionReport c = byId.get(f.connection());
                assertThat(c).as(f.toString()).isNotNull();
                long frame = f.firstFrame();
                assertThat(new Reports.FlowReport[] {c.aToB(), c.bToA()}).as(f.toString()).anySatisfy(fl -> {
                    assertThat(fl).isNotNull();
                    assertThat(f.flow()).isEqualTo(fl.src() + " → " + fl.dst());
                    assertThat(frame).isBetween(fl.firstFrame(), fl.lastFrame());
                });
                named++;
            } else if (f.connection() != Finding.NO_CONNECTION) {
                // a set-up's finding (its flow text names the hosts and service): its connection's timeline holds its frames
                Reports.ConnectionReport c = byId.get(f.connection());
                assertThat(c).as(f.toString()).isNotNull();
                assertThat(c.timeline()).extracting(TimelineEvent::frame).as(f.toString()).containsAnyElementsOf(f.frames());
            }
        }
        if (capture.equals("send_bw_loss2pct") || capture.equals("send_bw_corrupt1pct") || capture.equals("rnr_nak") || capture.equals("nak_remote_access_write")) {
            assertThat(named).as(capture + ": findings of a connection").isPositive();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cm_reject_no_listener"})
    void aRejectedSetUpNamesNoConnection(String capture) {
        Reports.Analysis a = Track.capture(capture);
        assertThat(a.findings()).filteredOn(f -> f.kind().equals(FindingKind.CM_REJ.key())).isNotEmpty()
            .allSatisfy(f -> assertThat(f.connection()).isEqualTo(Finding.NO_CONNECTION));
    }
}
