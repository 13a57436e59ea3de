package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.rocescope.dissector.field.ksy.IbMadKsy;

/**
 * One step of a connection's set-up or tear-down, with the frame that shows it. {@code event} is the step's
 * text as the ladders print it; {@code step} is what it is, for the front ends to branch on (a REJ is drawn
 * red, DREQ/DREP mean the connection was closed) without reading the text. Not in the JSON: {@code event}
 * already says it there.
 */
public record TimelineEvent(long frame, long timestampNanos, String from, String to, String event, String detail,
                            @JsonIgnore Step step) {

    /** What a timeline step is. The CM messages' texts are IBTA's short names, from ksy/ib_mad.ksy's cm_attribute. */
    public enum Step {
        REQ(IbMadKsy.CM_ATTRIBUTE_REQ), REQ_RETRY(IbMadKsy.CM_ATTRIBUTE_REQ), MRA(IbMadKsy.CM_ATTRIBUTE_MRA),
        REP(IbMadKsy.CM_ATTRIBUTE_REP), RTU(IbMadKsy.CM_ATTRIBUTE_RTU), REJ(IbMadKsy.CM_ATTRIBUTE_REJ),
        DREQ(IbMadKsy.CM_ATTRIBUTE_DREQ), DREP(IbMadKsy.CM_ATTRIBUTE_DREP),
        SIDR_REQ(IbMadKsy.CM_ATTRIBUTE_SIDR_REQ), SIDR_REQ_RETRY(IbMadKsy.CM_ATTRIBUTE_SIDR_REQ),
        SIDR_REP(IbMadKsy.CM_ATTRIBUTE_SIDR_REP),
        /** No frame: a set-up nobody answered, when the initiator gives up or the capture ends. */
        TIME_OUT("time-out"), NO_ANSWER("no answer"),
        TCP_SYN("TCP SYN"), TCP_SYN_ACK("TCP SYN/ACK"), TCP_HANDSHAKE_DONE("TCP ACK (handshake done)"),
        TCP_FIN("TCP FIN"), TCP_RST("TCP RST"),
        /** TCP data that carries a QPN of the connection (an inferred socket set-up). */
        TCP_INFERRED("TCP data (inferred set-up)"),
        PERFTEST_VERSION("perftest version"), PERFTEST_MTU("perftest MTU"), PERFTEST_KEY("perftest key"),
        /** A key record sent again once data flowed (perftest's sync). */
        PERFTEST_SYNC_KEY("perftest sync (key)"), PERFTEST_SYNC("perftest sync"), PERFTEST_REPORT("perftest report"),
        PINGPONG_DEST("ibv_pingpong dest"), PINGPONG_UNUSED("ibv_pingpong unused"),
        /** ibv_*_pingpong's "done" or "END" (the text names which). */
        PINGPONG_END("ibv_pingpong"),
        FIRST_DATA("first data");

        private final String text;

        Step(String text) { this.text = text; }

        Step(int cmAttribute) { this(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(cmAttribute)); }

        /** The step's text in a ladder (a retry's text adds its number). */
        public String text() { return text; }

        /** A step that ended the set-up: the CM rejected it, or TCP reset it. */
        public boolean failed() { return this == REJ || this == TCP_RST; }
    }

    static TimelineEvent of(long frame, long timestampNanos, Address from, Address to, Step step, String detail) {
        return of(frame, timestampNanos, from, to, step, step.text(), detail);
    }

    /** A step whose text says more than its kind: a retry's number, the pingpong word. */
    static TimelineEvent of(long frame, long timestampNanos, Address from, Address to, Step step, String event, String detail) {
        return new TimelineEvent(frame, timestampNanos, from.toString(), to.toString(), event, detail, step);
    }
}
