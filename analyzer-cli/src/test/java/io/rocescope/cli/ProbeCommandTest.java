package io.rocescope.cli;

import io.rocescope.cli.probe.DryRunLink;
import io.rocescope.cli.probe.TokenBucket;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a probe refuses before it sends anything: targets that are not single hosts, rates above the cap. No rights needed. */
class ProbeCommandTest {
    @Test
    void refusesRangesSubnetsBroadcastAndMulticast() {
        for (String t : new String[] {"10.0.0.0/24", "10.0.0.1-20", "10.0.0.*", "255.255.255.255", "224.0.0.1", "0.0.0.0", "10.0.0.1,10.0.0.2"}) {
            CliRunner r = CliRunner.run("probe", "cm", t);
            assertThat(r.exit()).as(t).isEqualTo(2);
            assertThat(r.err()).as(t).startsWith("rocescope: target '" + t + "'").doesNotContain("Exception").hasLineCount(1);
        }
        CliRunner tcp = CliRunner.run("probe", "tcp", "10.0.0.0/8:18515");
        assertThat(tcp.exit()).isEqualTo(2);
        assertThat(tcp.err()).contains("not a single host");
    }

    @Test
    void theRateIsCappedAtTenPerTarget() {
        CliRunner r = CliRunner.run("probe", "cm", "--rate", "11", "10.0.0.2");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("rocescope: --rate is capped at 10 probes/s per target (asked for 11)");
        assertThatThrownBy(() -> new TokenBucket(10.5, TokenBucket.Clock.SYSTEM)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBucketSpacesEveryTokenByOneOverTheRate() throws Exception {
        DryRunLink.VirtualClock clock = new DryRunLink.VirtualClock();
        TokenBucket b = new TokenBucket(4, clock);
        long[] t = new long[6];
        for (int i = 0; i < t.length; i++) t[i] = b.take();
        for (int i = 1; i < t.length; i++) assertThat(t[i] - t[i - 1]).isEqualTo(250_000_000L);
    }

    /** A send holds the token: the next is due 1/rate after the send returned, however long it took. */
    @Test
    void aSendThatTookLongPushesTheNextTokenBack() throws Exception {
        DryRunLink.VirtualClock clock = new DryRunLink.VirtualClock();
        TokenBucket b = new TokenBucket(10, clock);
        long[] sentAt = new long[3];
        b.send(() -> { sentAt[0] = clock.nanoTime(); clock.sleepNanos(70_000_000L); return null; });   // a send 70 ms late returning
        b.send(() -> { sentAt[1] = clock.nanoTime(); return null; });
        b.send(() -> { sentAt[2] = clock.nanoTime(); return null; });
        assertThat(sentAt[1] - sentAt[0]).isEqualTo(170_000_000L);
        assertThat(sentAt[2] - sentAt[1]).isEqualTo(100_000_000L);
    }

    @Test
    void aDryRunNeedsItsFileAndAProbeAKind() {
        assertThat(CliRunner.run("probe", "cm", "--dry-run", "10.0.0.2").err()).contains("--dry-run and -w FILE go together");
        assertThat(CliRunner.run("probe").exit()).isEqualTo(2);
        assertThat(CliRunner.run("probe", "tcp", "10.0.0.2").err()).contains("needs a port: HOST:PORT");
    }
}
