package io.rocescope.flow;

/**
 * What the lossless-fabric checks expect. {@code cnpDscp}/{@code cnpPcp}: the class CNPs should ride
 * (-1: not checked; ConnectX's defaults are DSCP 48, PCP 6). {@code ceAnswerNanos}: how far from a CE
 * mark a CNP to its sender may be and still answer it (the notification point rate-limits CNPs, so one
 * answers the marks around it). {@code rateWindowNanos}: the time windows the DCQCN watch measures a sender's rate in
 * (windows without a packet are left out: an idle sender is not a throttled one); {@code rateDropFraction}:
 * a window this much below the one before the CNP counts as the rate dropping (DCQCN's first cut halves
 * it; the margin covers how bursts fall into windows), and back within half of it as recovered;
 * {@code episodeGapNanos}: CNPs further apart than this start a new episode; {@code minEpisodeCnps}: the
 * fewest CNPs of an episode through which a kept rate is a finding.
 */
public record FabricOptions(int cnpDscp, int cnpPcp, long ceAnswerNanos, long rateWindowNanos, double rateDropFraction,
                            long episodeGapNanos, int minEpisodeCnps) {
    public static FabricOptions defaults() {
        return new FabricOptions(-1, -1, 1_000_000L, 20_000L, 0.25, 2_000_000L, 3);
    }

    public FabricOptions withCnpClass(int dscp, int pcp) {
        return new FabricOptions(dscp, pcp, ceAnswerNanos, rateWindowNanos, rateDropFraction, episodeGapNanos, minEpisodeCnps);
    }

    public FabricOptions withCeAnswerNanos(long n) {
        return new FabricOptions(cnpDscp, cnpPcp, n, rateWindowNanos, rateDropFraction, episodeGapNanos, minEpisodeCnps);
    }
}
