package io.rocescope.cli;

import io.rocescope.flow.Reports;

/**
 * The line that says the flow table overflowed: how many flows were evicted and how many connections
 * are in the totals only. Printed by flows, timeline, expert, stats and check (text on standard output;
 * with -T json on standard error, as the JSON has no place for it in flows and check), only when it happened.
 */
final class FlowTableNote {
    private FlowTableNote() {}

    /** The line (ending in a newline), or null when no flow was evicted. */
    static String line(Reports.Summary s, int maxFlows) {
        if (s.evictedFlows() == 0) return null;
        return "Flow table full (--max-flows " + maxFlows + "): " + s.evictedFlows() + (s.evictedFlows() == 1 ? " flow" : " flows")
            + " evicted, least recently active first; connections are reported as they stood at eviction"
            + (s.connectionsNotListed() > 0 ? ", " + s.connectionsNotListed() + " of them counted in the totals only, not listed" : "")
            + "\n";
    }
}
