package io.rocescope.synth;

import io.rocescope.flow.FindingKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ground truth of a synthesized capture: every connection's QPNs and first PSNs, every injected
 * fault with its frames, and the findings an analyzer must report (kind → count; warnings and errors).
 */
public final class Truth {
    public String scenario;
    public long seed;
    public long frames;
    public final List<ConnectionTruth> connections = new ArrayList<>();
    public final List<Fault> faults = new ArrayList<>();
    public final Map<String, Long> expectedFindings = new TreeMap<>();

    public record Endpoint(String ip, int qpn, int firstPsn) {}

    public record ConnectionTruth(String setup, Endpoint initiator, Endpoint responder) {}

    /** One injected fault: its finding kind, the frames that show it, the PSNs involved and how many. */
    public record Fault(String kind, List<Long> frames, List<Integer> psns, long count, String detail) {}

    void expect(FindingKind kind, long n) {
        expectedFindings.merge(kind.key(), n, Long::sum);
    }

    void fault(FindingKind kind, List<Long> frames, List<Integer> psns, String detail) {
        faults.add(new Fault(kind.key(), List.copyOf(frames), List.copyOf(psns), 1, detail));
        expect(kind, 1);
    }

    /** A fault of {@code count} events (one counted finding), shown by {@code frames}. */
    void fault(FindingKind kind, List<Long> frames, long count, String detail) {
        faults.add(new Fault(kind.key(), List.copyOf(frames), List.of(), count, detail));
        expect(kind, count);
    }
}
