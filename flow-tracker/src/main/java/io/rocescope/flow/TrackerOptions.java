package io.rocescope.flow;

/**
 * Settings of the analysis: link speed (for PFC quanta), the PFC storm threshold and window, and the
 * most flows kept at once (the least recently active are evicted beyond it, with a finding), and what the
 * lossless-fabric checks expect ({@link FabricOptions}).
 */
public record TrackerOptions(double linkGbps, double pauseStormFraction, long pauseWindowNanos, int maxFlows, FabricOptions fabric) {
    public TrackerOptions(double linkGbps, double pauseStormFraction, long pauseWindowNanos, int maxFlows) {
        this(linkGbps, pauseStormFraction, pauseWindowNanos, maxFlows, FabricOptions.defaults());
    }

    public static TrackerOptions defaults() {
        return new TrackerOptions(100, 0.5, 100_000_000L, 50_000);
    }

    public TrackerOptions withLinkGbps(double g) { return new TrackerOptions(g, pauseStormFraction, pauseWindowNanos, maxFlows, fabric); }
    public TrackerOptions withMaxFlows(int n) { return new TrackerOptions(linkGbps, pauseStormFraction, pauseWindowNanos, n, fabric); }
    public TrackerOptions withFabric(FabricOptions f) { return new TrackerOptions(linkGbps, pauseStormFraction, pauseWindowNanos, maxFlows, f); }
}
