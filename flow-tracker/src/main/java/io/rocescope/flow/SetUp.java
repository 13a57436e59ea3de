package io.rocescope.flow;

import java.util.List;

/**
 * What a set-up tracker ({@link CmSetups}, {@link SocketSetups}) learned of a connection when both its QPs
 * became known: the event the flow table consumes ({@link SetupSink}) to make the connection and await
 * its flows. {@code timeline} is the set-up's own list of events (later set-up events land in it too);
 * {@code mtu} -1 and {@code qkey} -1 when the set-up did not tell them, {@code negotiated} null likewise.
 */
record SetUp(SetupKind kind, PairedBy pairedBy, Endpoint a, Endpoint b, List<TimelineEvent> timeline, String serviceId,
             String transport, int mtu, String mtuSource, long qkey, NegotiatedParameters negotiated) {}
