package io.rocescope.flow;

/**
 * The findings a flow leaves when it ends (evicted with its connection, or at the end of the capture): its
 * messages and READs closed, then what its transport showed (retransmission episodes, repeated, copied,
 * reordered and late PSNs, CE marks, CNPs, READs without a response), what the fabric did to it
 * ({@link FabricWatch}), and how its QP ended ({@link ConnectionEnding}). Each names its connection.
 */
final class FlowFindings {
    private final Findings findings;
    private final FabricWatch fabric;

    FlowFindings(Findings findings, FabricWatch fabric) {
        this.findings = findings;
        this.fabric = fabric;
    }

    /** Ends both flows of {@code c}; {@code captureEnd}: the latest timestamp so far. */
    void finish(Connection c, long captureEnd) {
        for (Flow fl : new Flow[] {c.ab, c.ba}) if (fl != null) finishFlow(c, fl, captureEnd);
    }

    private void finishFlow(Connection c, Flow fl, long captureEnd) {
        fl.psn.closeEpisode();
        MessageAssembler messages = fl.messagesOrNull(), readResponses = fl.readResponseMessagesOrNull();
        if (messages != null) messages.finish();
        ReadTracker reads = fl.readsOrNull();
        if (reads != null) reads.finish(fl.readResponseSink());
        if (readResponses != null) readResponses.finish();
        transportFindings(c, fl);
        fabric.flowFindings(fl, findings, fl::where);
        if (fl == c.ba || c.ba == null) fabric.connectionFindings(c, findings);
        ConnectionEnding.check(c, fl, findings, captureEnd);
    }

    private void transportFindings(Connection c, Flow fl) {
        ReadTracker reads = fl.readsOrNull();
        // most flows have nothing to report: their "where" text (not cheap) is not built
        if (fl.psn.episodes().isEmpty() && fl.psn.duplicates == 0 && fl.psn.copies == 0 && fl.psn.reordered == 0
            && fl.psn.outOfOrder == 0 && fl.ceMarked == 0 && fl.cnps == 0
            && (reads == null || reads.unanswered.isEmpty())) return;
        String where = fl.where();
        for (PsnTracker.Episode e : fl.psn.episodes()) {
            // one packet resent has no span of its own: the interval that matters is the silence in its cause
            String resent = e.packets() == 1 && e.firstPsn() == e.lastPsn() ? String.format("1 packet resent (PSN %d)", e.firstPsn())
                : String.format("%d packets resent (PSN %d–%d) over %.3f ms", e.packets(), e.firstPsn(), e.lastPsn(), e.durationNanos() / 1e6);
            findings.add(FindingKind.RETRANSMISSION, c.id, where, String.format(
                "Go-Back-N retransmission after %s%s: %s", e.cause(),
                e.causeFrame() >= 0 && !"timeout".equals(e.causeKind()) ? " in frame " + e.causeFrame() : "", resent),
                1, e.frameRanges(), e.moreFrames(), e.causeFrame() >= 0 ? new Finding.Cause(e.causeFrame(), e.causeKind()) : null);
        }
        if (fl.psn.duplicates > 0) {
            findings.addCounted(FindingKind.PSN_DUPLICATE, c.id, where, fl.psn.duplicates
                + " request packets repeated a PSN already sent (retransmissions)", fl.psn.duplicates, fl.psn.duplicateFrames(), null);
        }
        if (fl.psn.copies > 0) {
            findings.addCounted(FindingKind.PSN_COPY, c.id, where, fl.psn.copies + " request packets were copies made by the"
                + " network (the PSN and IPv4 Identification of the packet before): duplicated on the way, not resent",
                fl.psn.copies, fl.psn.copyFrames(), null);
        }
        if (fl.psn.reordered > 0) {
            findings.addCounted(FindingKind.PSN_REORDERED, c.id, where, fl.psn.reordered + " request packets arrived after later"
                + " PSNs but were sent before them (an older IPv4 Identification): reordered on the way, not resent",
                fl.psn.reordered, fl.psn.reorderedFrames(), null);
        }
        if (fl.psn.outOfOrder > 0) {
            findings.addCounted(FindingKind.PSN_OUT_OF_ORDER, c.id, where, fl.psn.outOfOrder
                + " request packets came after later PSNs without having been seen before (late or resent after a loss)",
                fl.psn.outOfOrder, fl.psn.outOfOrderFrames(), null);
        }
        if (fl.ceMarked > 0) {
            findings.addCounted(FindingKind.ECN_CE, c.id, where, fl.ceMarked + " packets ECN CE-marked by the fabric (congestion)",
                fl.ceMarked, fl.ceFrames(), null);
        }
        if (fl.cnps > 0) {
            // the receiver sends CNPs for CE-marked packets of this flow
            findings.addCounted(FindingKind.CNP, c.id, where, fl.cnps + " CNPs asked this sender to slow down (DCQCN)", fl.cnps,
                fl.cnpFrames(), fl.ceFramesOrNull() == null || fl.ceFramesOrNull().isEmpty() ? null
                    : new Finding.Cause(fl.ceFramesOrNull().first(), FindingKind.ECN_CE));
        }
        if (reads == null) return;
        for (ReadTracker.Read r : reads.unanswered) {
            findings.add(FindingKind.READ_NO_RESPONSE, c.id, where, String.format(
                "RDMA READ (PSN %d) got no response in the capture", r.psn), r.frame);
        }
    }
}
