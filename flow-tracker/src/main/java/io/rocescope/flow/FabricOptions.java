package io.rocescope.flow;

/**
 * What the lossless-fabric checks expect. {@code cnpDscp}/{@code cnpPcp}: the class CNPs should ride
 * (-1: not checked; ConnectX's defaults are DSCP 48, PCP 6). {@code ceAnswerNanos}: how far from a CE
 * mark a CNP to its sender may be and still answer it (the notification point rate-limits CNPs, so one
 * answers the marks around it). {@code rateBlockPackets}: packets per rate sample of the DCQCN watch;
 * {@code rateDropFraction}: a sample this much below the one before the CNP counts as the rate
 * dropping; {@code episodeGapNanos}: CNPs further apart than this start a new episode.
 */
public record FabricOptions(int cnpDscp, int cnpPcp, long ceAnswerNanos, int rateBlockPackets, double rateDropFraction,
                            long episodeGapNanos, int minEpisodeCnps) {
    public static FabricOptions defaults() {
        return new FabricOptions(-1, -1, 1_000_000L, 8, 0.10, 2_000_000L, 3);
    }

    public FabricOptions withCnpClass(int dscp, int pcp) {
        return new FabricOptions(dscp, pcp, ceAnswerNanos, rateBlockPackets, rateDropFraction, episodeGapNanos, minEpisodeCnps);
    }

    public FabricOptions withCeAnswerNanos(long n) {
        return new FabricOptions(cnpDscp, cnpPcp, n, rateBlockPackets, rateDropFraction, episodeGapNanos, minEpisodeCnps);
    }
}
