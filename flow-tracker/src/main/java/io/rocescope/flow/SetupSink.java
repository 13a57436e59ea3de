package io.rocescope.flow;

/**
 * Where the set-up trackers send each {@link SetUp} they complete: the flow table, which makes the
 * connection (numbered in the order connections appear) and hands it back for the set-up's later events.
 */
interface SetupSink {
    Connection connect(SetUp s);
}
