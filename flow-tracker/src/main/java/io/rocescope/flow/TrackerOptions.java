package io.rocescope.flow;

/**
 * Settings of the analysis: link speed (for PFC quanta), the PFC storm threshold and window, and the
 * most flows kept at once (the least recently active are evicted beyond it, with a finding), what the
 * lossless-fabric checks expect ({@link FabricOptions}), and how many threads track the connections'
 * packets ({@code shards}: 1, the caller's alone; more: {@link TrackerShards}, with the same results).
 */
public record TrackerOptions(double linkGbps, double pauseStormFraction, long pauseWindowNanos, int maxFlows, FabricOptions fabric,
                             int shards) {
    public TrackerOptions(double linkGbps, double pauseStormFraction, long pauseWindowNanos, int maxFlows) {
        this(linkGbps, pauseStormFraction, pauseWindowNanos, maxFlows, FabricOptions.defaults(), 1);
    }

    public static TrackerOptions defaults() {
        return new TrackerOptions(100, 0.5, 100_000_000L, 50_000);
    }

    public TrackerOptions withLinkGbps(double g) { return new TrackerOptions(g, pauseStormFraction, pauseWindowNanos, maxFlows, fabric, shards); }
    public TrackerOptions withMaxFlows(int n) { return new TrackerOptions(linkGbps, pauseStormFraction, pauseWindowNanos, n, fabric, shards); }
    public TrackerOptions withFabric(FabricOptions f) { return new TrackerOptions(linkGbps, pauseStormFraction, pauseWindowNanos, maxFlows, f, shards); }
    public TrackerOptions withShards(int n) { return new TrackerOptions(linkGbps, pauseStormFraction, pauseWindowNanos, maxFlows, fabric, n); }
}
