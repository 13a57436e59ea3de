package io.rocescope.cli;

import io.rocescope.cli.live.CaptureStats;
import org.pcap4j.core.PcapAddress;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What libpcap says about interfaces and failures, in the words a user needs. */
final class LiveInterfaces {
    private LiveInterfaces() {}

    /** -D's text after the name: description, loopback/up/running, addresses. */
    static String describe(PcapNetworkInterface nif) {
        List<String> notes = new ArrayList<>();
        if (nif.getDescription() != null) notes.add(nif.getDescription());
        if (nif.isLoopBack()) notes.add("Loopback");
        notes.add(nif.isUp() ? (nif.isRunning() ? "up" : "up, not running") : "down");
        StringBuilder sb = new StringBuilder(" (").append(String.join(", ", notes)).append(')');
        for (PcapAddress a : nif.getAddresses()) {
            if (a.getAddress() != null) sb.append(' ').append(a.getAddress().getHostAddress().replaceAll("%.*$", ""));
        }
        return sb.toString();
    }

    /** The one line for a failed pcap_open_live / pcap_activate, naming the real cause. */
    static String openFailure(String iface, String libpcap) {
        String m = libpcap == null ? "" : libpcap;
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("permission") || lower.contains("not permitted")) {
            return "capture on " + iface + " needs root or CAP_NET_RAW (e.g. sudo setcap cap_net_raw,cap_net_admin=eip $(readlink -f $(which java))): " + m;
        }
        if (lower.contains("no such device")) return "no interface named '" + iface + "' (-D lists them): " + m;
        if (lower.contains("not up")) return "interface " + iface + " is down (ip link set " + iface + " up): " + m;
        return "capture on " + iface + " failed: " + m;
    }

    /** libpcap's filter error without the interface noise. */
    static String filterError(String libpcap) {
        return libpcap == null ? "?" : libpcap.replaceFirst("^.*?(syntax error|can't|illegal|unknown)", "$1");
    }

    /** libpcap's counters now (none when it cannot say). */
    static CaptureStats stats(PcapHandle handle) {
        try {
            PcapStat s = handle.getStats();
            return new CaptureStats(s.getNumPacketsReceived(), s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf(), 0);
        } catch (Exception e) {
            return CaptureStats.NONE;
        }
    }
}
