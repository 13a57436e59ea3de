package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** What the capture shows of abuse and scanning, per source (see the tracker's scan detection). */
public final class ScanReport {
    private ScanReport() {}

    /** Per source, what it did (sources that did only what every set-up does are left out); GID mismatches and bad ICRCs over the capture. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Report(List<SourceReport> sources, long cmGidMismatches, long badIcrc) {}

    /** One source's counts and the first frames of each. */
    public record SourceReport(String ip, int unsolicitedQpns, List<Long> unsolicitedQpnFrames, int cmServices,
                               long cmRejects, List<Long> cmServiceFrames, int refusedRkeys, List<Long> refusedRkeyFrames,
                               long badIcrc, List<Long> badIcrcFrames) {}
}
