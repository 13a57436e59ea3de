package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.EtherPayloadLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;

import java.util.Arrays;

/**
 * What rides each priority: packets and bytes by {@link TrafficKind}, per 802.1p PCP (index 8:
 * untagged) and per DSCP (index 64: no IP header), and per PFC priority (the PCP of a tagged frame,
 * else DSCP / 8, the default DSCP-to-priority map of hosts and switches that trust DSCP): how much
 * non-RoCE traffic shares it, RoCE packets sent on it while another priority was paused, and the
 * connections that stalled while it was paused.
 */
final class PriorityTable {
    static final int KINDS = TrafficKind.values().length;
    /** The indexes after the last PCP (3 bits of the VLAN tag) and the last DSCP (6 bits of the IP header). */
    static final int UNTAGGED = (int) EtherPayloadLayout.MASK_VLAN_TAG_PCP + 1, NO_IP = (int) Ipv4PacketLayout.MASK_DSCP + 1;
    private static final int PRIORITIES = PauseTracker.PRIORITIES;
    /** Connections named per PFC priority; beyond it only counted. */
    static final int MAX_STALLED = 32;

    final long[][] pcpPackets = new long[UNTAGGED + 1][KINDS], pcpBytes = new long[UNTAGGED + 1][KINDS];
    final long[][] dscpPackets = new long[NO_IP + 1][KINDS], dscpBytes = new long[NO_IP + 1][KINDS];
    final long[] pfcPackets = new long[PRIORITIES], pfcRoce = new long[PRIORITIES], pfcNonRoce = new long[PRIORITIES];
    final long[] firstNonRoceFrame = new long[PRIORITIES];
    /** RoCE data packets on this priority while another one was paused: count, first frame, that other priority. */
    final long[] roceWhileOtherPaused = new long[PRIORITIES], firstWhileOtherPausedFrame = new long[PRIORITIES];
    final int[] otherPausedPriority = new int[PRIORITIES];
    final int[][] stalledIds = new int[PRIORITIES][];
    final int[] stalledNamed = new int[PRIORITIES];
    final long[] stalledConnections = new long[PRIORITIES];

    /** The PFC priority of a frame: its PCP, else its DSCP / 8, else -1 (untagged and no IP header). */
    static int pfcPriority(int pcp, int dscp) {
        return pcp >= 0 ? pcp : dscp >= 0 ? dscp >>> 3 : -1;
    }

    void count(PacketView v) {
        if (v.kind == null) return;
        int k = v.kind.ordinal();
        int pcp = v.pcp >= 0 ? v.pcp : UNTAGGED, dscp = v.dscp >= 0 ? v.dscp : NO_IP;
        pcpPackets[pcp][k]++;
        pcpBytes[pcp][k] += v.length;
        dscpPackets[dscp][k]++;
        dscpBytes[dscp][k] += v.length;
        int p = pfcPriority(v.pcp, v.dscp);
        if (p < 0) return;
        pfcPackets[p]++;
        if (v.kind == TrafficKind.TCP || v.kind == TrafficKind.OTHER) {
            if (pfcNonRoce[p]++ == 0) firstNonRoceFrame[p] = v.frame;
        } else {
            pfcRoce[p]++;
        }
    }

    void roceWhileOtherPaused(int prio, int other, long frame) {
        if (roceWhileOtherPaused[prio]++ == 0) {
            firstWhileOtherPausedFrame[prio] = frame;
            otherPausedPriority[prio] = other;
        }
    }

    /** Connection {@code id} stalled on priority {@code prio} (each connection named once). */
    void stalled(int prio, int id) {
        int[] ids = stalledIds[prio];
        int n = stalledNamed[prio];
        for (int i = 0; i < n; i++) if (ids[i] == id) return;
        stalledConnections[prio]++;
        if (n == MAX_STALLED) return;
        if (ids == null) ids = stalledIds[prio] = new int[4];
        else if (n == ids.length) ids = stalledIds[prio] = Arrays.copyOf(ids, Math.min(MAX_STALLED, n * 2));
        ids[n] = id;
        stalledNamed[prio] = n + 1;
    }

    int[] stalledIds(int prio) {
        return stalledIds[prio] == null ? new int[0] : Arrays.copyOf(stalledIds[prio], stalledNamed[prio]);
    }
}
