package io.rocescope.cli.report;

import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.rocescope.cli.report.ReportModel.cell;

/**
 * The capture-integrity part of a report (issue 14 §2): what the snaplen cut, timestamps that went back,
 * silences, the capture-loss estimate from PSN space, each with its count and frames, and a verdict on how
 * far the capture can be trusted. Numbers come from {@code stats -T json}'s {@code integrity}.
 */
final class IntegritySection {
    /** More PSNs than this share of the RoCE frames missing from the capture: its loss figures mean little. */
    static final double UNRELIABLE_LOSS = 0.01;

    private IntegritySection() {}

    static Map<String, Object> build(Reports.Integrity i, Reports.Summary s, Evidence e) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> rows = new ArrayList<>();
        rows.add(row("Frames cut by the snaplen", cell("Frames", i.cutBySnaplen(), "stats", "/integrity/cutBySnaplen"),
            List.of(cell("RoCE frames", i.roceCutBySnaplen(), "stats", "/integrity/roceCutBySnaplen"),
                cell("ICRC unchecked", i.roceCutIcrcUnchecked(), "stats", "/integrity/roceCutIcrcUnchecked")),
            frames(i.cutFrames(), "/integrity/cutFrames"), i.cutFrames()));
        rows.add(row("Timestamps out of order", cell("Frames", i.timestampsOutOfOrder(), "stats", "/integrity/timestampsOutOfOrder"),
            i.timestampsOutOfOrder() == 0 ? List.of() : List.of(
                Sentence.scaledCell("largest step back", i.largestStepBackNanos(), 1e-3, 3, "µs", "stats", "/integrity/largestStepBackNanos"),
                cell("at frame", i.largestStepBackFrame(), "stats", "/integrity/largestStepBackFrame")),
            frames(i.outOfOrderFrames(), "/integrity/outOfOrderFrames"), i.outOfOrderFrames()));
        List<Object> gapFrames = new ArrayList<>();
        List<Long> gapFrameNumbers = new ArrayList<>();
        for (int k = 0; k < i.gapList().size(); k++) {
            gapFrames.add(cell("Frame", i.gapList().get(k).frame(), "stats", "/integrity/gapList/" + k + "/frame"));
            gapFrameNumbers.add(i.gapList().get(k).frame());
        }
        rows.add(row("Silences of " + seconds(i.gapThresholdNanos()) + " or more", cell("Gaps", i.timeGaps(), "stats", "/integrity/timeGaps"),
            i.timeGaps() == 0 ? List.of() : List.of(
                Sentence.scaledCell("longest", i.largestGapNanos(), 1e-9, 3, "s", "stats", "/integrity/largestGapNanos"),
                cell("before frame", i.largestGapFrame(), "stats", "/integrity/largestGapFrame")),
            gapFrames, gapFrameNumbers));
        Reports.CaptureLoss loss = i.captureLoss();
        List<Object> lossFrames = new ArrayList<>();
        List<Long> lossFrameNumbers = new ArrayList<>();
        List<Object> perConnection = new ArrayList<>();
        for (int k = 0; k < loss.connections().size(); k++) {
            Reports.ConnectionLoss c = loss.connections().get(k);
            String p = "/integrity/captureLoss/connections/" + k;
            Map<String, Object> pc = new LinkedHashMap<>();
            pc.put("connection", cell("Connection", c.connection(), "stats", p + "/connection"));
            pc.put("psns", cell("PSNs", c.psns(), "stats", p + "/psns"));
            pc.put("answers", cell("Answers", c.answers(), "stats", p + "/answers"));
            pc.put("flow", c.flow());
            pc.put("ptr", p);
            List<Object> fr = frames(c.frames(), p + "/frames");
            pc.put("frames", fr);
            pc.put("filter", DisplayFilters.wireshark(c.frames()));
            perConnection.add(pc);
            lossFrames.addAll(fr);
            lossFrameNumbers.addAll(c.frames());
        }
        rows.add(row("Capture loss: PSNs answered but never captured", cell("PSNs", loss.psns(), "stats", "/integrity/captureLoss/psns"),
            loss.psns() == 0 ? List.of() : List.of(cell("answers that showed it", loss.answers(), "stats", "/integrity/captureLoss/answers")),
            List.of(), List.of()));
        m.put("rows", rows);
        m.put("lossByConnection", perConnection);
        m.put("hasLossByConnection", !perConnection.isEmpty());
        verdict(m, i, s, e);
        return m;
    }

    private static Map<String, Object> row(String label, Map<String, Object> count, List<Object> more, List<Object> frames, List<Long> numbers) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("label", label);
        r.put("count", count);
        r.put("more", more);
        r.put("frames", frames);
        r.put("hasFrames", !frames.isEmpty());
        r.put("filter", DisplayFilters.wireshark(numbers));
        r.put("framesPtr", frames.isEmpty() ? null : ((String) ((Map<?, ?>) frames.get(0)).get("ptr")).replaceAll("/\\d+(/frame)?$", ""));
        r.put("ok", (Long) count.get("value") == 0);
        return r;
    }

    private static List<Object> frames(List<Long> frames, String ptr) {
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < frames.size(); k++) out.add(cell("Frame", frames.get(k), "stats", ptr + "/" + k));
        return out;
    }

    static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s" : String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /**
     * How far the capture can be trusted, in one line and the reasons: "trusted" when nothing is wrong,
     * "caveats" when some conclusions need care, "unreliable" when the capture itself lost much or its
     * clock jumped.
     */
    private static void verdict(Map<String, Object> m, Reports.Integrity i, Reports.Summary s, Evidence e) {
        List<Sentence> why = new ArrayList<>();
        int level = 0;
        if (!e.warnings().isEmpty()) {
            level = Math.max(level, 1);
            why.add(new Sentence().text("The file is damaged or cut short (see the reader warnings): the frames before and after the damage"
                + " were read, what the damaged part held is gone."));
        }
        Reports.CaptureLoss loss = i.captureLoss();
        if (loss.psns() > 0) {
            boolean much = s.roceFrames() > 0 && loss.psns() > UNRELIABLE_LOSS * s.roceFrames();
            level = Math.max(level, much ? 2 : 1);
            why.add(new Sentence().text("The capture dropped at least ").num(loss.psns(), "stats", "/integrity/captureLoss/psns")
                .plural(loss.psns(), " request packet", " request packets")
                .text(" that the responder acknowledged: a PSN gap here is not proof of loss in the network"
                    + (much ? ", and with this many the loss figures say more about the capture than about the network." : ".")));
        }
        if (i.roceCutIcrcUnchecked() > 0) {
            level = Math.max(level, 1);
            why.add(new Sentence().num(i.roceCutIcrcUnchecked(), "stats", "/integrity/roceCutIcrcUnchecked")
                .plural(i.roceCutIcrcUnchecked(), " RoCE frame was", " RoCE frames were")
                .text(" cut by the snaplen: their ICRC could not be checked, so corruption can be neither shown nor ruled out for them."));
        } else if (i.cutBySnaplen() > 0) {
            why.add(new Sentence().num(i.cutBySnaplen(), "stats", "/integrity/cutBySnaplen")
                .plural(i.cutBySnaplen(), " frame was", " frames were").text(" cut by the snaplen (no RoCE frame lost its ICRC check)."));
        }
        if (i.timestampsOutOfOrder() > 0) {
            boolean large = i.largestStepBackNanos() >= 1_000_000_000L;
            level = Math.max(level, large ? 2 : 1);
            Sentence t = new Sentence().num(i.timestampsOutOfOrder(), "stats", "/integrity/timestampsOutOfOrder")
                .plural(i.timestampsOutOfOrder(), " frame is", " frames are").text(" timestamped before the frame ahead of it");
            if (large) t.text(": the clock stepped or captures were merged; times, rates and latencies across the step are not reliable.");
            else t.text(" (by at most ").scaled(i.largestStepBackNanos(), 1e-3, 3, "µs", "stats", "/integrity/largestStepBackNanos")
                .text("): frames of several CPUs or interfaces interleaved; time deltas there are negative.");
            why.add(t);
        }
        if (i.timeGaps() > 0) {
            why.add(new Sentence().num(i.timeGaps(), "stats", "/integrity/timeGaps").plural(i.timeGaps(), " silence", " silences")
                .text(" of ").scaled(i.gapThresholdNanos(), 1e-9, 0, "s", "stats", "/integrity/gapThresholdNanos")
                .text(" or more (the longest ").scaled(i.largestGapNanos(), 1e-9, 3, "s", "stats", "/integrity/largestGapNanos")
                .text(", before frame ").num(i.largestGapFrame(), "stats", "/integrity/largestGapFrame")
                .text("): traffic paused there, or the capture missed it."));
        }
        String[] words = {"trusted", "caveats", "unreliable"};
        String[] lines = {
            "The capture can be trusted: no sign that it lost, cut or misordered what the analysis relies on.",
            "The capture can be used with the caveats below.",
            "The capture is not reliable for the conclusions named below."};
        m.put("verdict", words[level]);
        m.put("verdictLine", lines[level]);
        m.put("reasons", why.stream().map(Sentence::model).toList());
        m.put("hasReasons", !why.isEmpty());
    }
}
