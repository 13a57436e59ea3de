package io.rocescope.flow;

/**
 * Tracking on several threads ({@link TrackerOptions#shards}) could not keep its results those of one tracker
 * (see {@link TrackerShards}): the caller tracks the capture again with one. Rare: it takes millions of NAK,
 * RNR NAK or CNP events.
 */
public final class ShardFallback extends RuntimeException {
    ShardFallback(String why) { super(why); }
}
