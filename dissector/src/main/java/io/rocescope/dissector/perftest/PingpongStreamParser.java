package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

import java.util.List;

import static io.rocescope.dissector.field.ksy.PingpongExchangeLayout.*;

/**
 * Cuts one direction of a libibverbs example program's TCP exchange into messages (rdma-core
 * libibverbs/examples/*_pingpong.c). Each side writes one fixed-size, NUL-terminated text message per QP:
 * {@code sprintf(msg, "%04x:%06x:%06x:%s", lid, qpn, psn, gid)} into {@code char msg[sizeof
 * "0000:000000:000000:" + 32 hex digits]} (52 bytes; ibv_srq_pingpong sends one per QP back to back), the GID
 * as 32 hex digits in wire order (pingpong.c gid_to_wire_gid); the client then writes "done\0".
 * ibv_xsrq_pingpong: MSG_FORMAT "%04x:%06x:%06x:%06x:%06x:%32s" (66 bytes) and "END\0". Where each field and
 * separator sits is ksy/pingpong_exchange.ksy's (its generated PingpongExchangeLayout).
 */
final class PingpongStreamParser {
    private static final TextTemplate DEST = new TextTemplate(FIXED_SIZE_DEST)
        .fixed(OFF_DEST_SEP_LID, CONTENTS_DEST_SEP_LID).fixed(OFF_DEST_SEP_QPN, CONTENTS_DEST_SEP_QPN)
        .fixed(OFF_DEST_SEP_PSN, CONTENTS_DEST_SEP_PSN).fixed(OFF_DEST_TERMINATOR, CONTENTS_DEST_TERMINATOR);
    private static final TextTemplate XRC_DEST = new TextTemplate(FIXED_SIZE_XRC_DEST)
        .fixed(OFF_XRC_DEST_SEP_LID, CONTENTS_XRC_DEST_SEP_LID).fixed(OFF_XRC_DEST_SEP_RECV_QPN, CONTENTS_XRC_DEST_SEP_RECV_QPN)
        .fixed(OFF_XRC_DEST_SEP_SEND_QPN, CONTENTS_XRC_DEST_SEP_SEND_QPN).fixed(OFF_XRC_DEST_SEP_PSN, CONTENTS_XRC_DEST_SEP_PSN)
        .fixed(OFF_XRC_DEST_SEP_SRQN, CONTENTS_XRC_DEST_SEP_SRQN).fixed(OFF_XRC_DEST_TERMINATOR, CONTENTS_XRC_DEST_TERMINATOR);
    private static final TextTemplate DONE = new TextTemplate(FIXED_SIZE_DONE)
        .fixed(OFF_DONE_WORD, CONTENTS_DONE_WORD).fixed(OFF_DONE_TERMINATOR, CONTENTS_DONE_TERMINATOR);
    private static final TextTemplate END = new TextTemplate(FIXED_SIZE_END)
        .fixed(OFF_END_WORD, CONTENTS_END_WORD).fixed(OFF_END_TERMINATOR, CONTENTS_END_TERMINATOR);
    /**
     * The byte that tells the two destinations apart (byte 25: xsrq's colon after the PSN, a GID digit in the others'):
     * until it is read both agree, so a message is read as a plain destination until then.
     */
    private static final int XRC_MARK = TextTemplate.firstDifference(DEST, XRC_DEST);
    private final byte[] buf = new byte[Math.max(DEST.size(), XRC_DEST.size())];
    private int len;
    private long bufStart;
    private int messages;
    private boolean gaveUp, recognized;

    /** The stream was not this exchange (it stops looking at the first byte that does not fit). */
    boolean gaveUp() { return gaveUp; }

    /** At least one whole message was read. */
    boolean recognized() { return recognized; }

    void bytes(byte[] d, int off, int n, long streamOffset, List<PingpongRecord> out) {
        for (int i = 0; i < n && !gaveUp; i++) {
            if (len == 0) bufStart = streamOffset + i;
            buf[len++] = d[off + i];
            take(out);
        }
    }

    /** Checks the message being read so far; emits it when complete, gives up when it cannot be one. */
    private void take(List<PingpongRecord> out) {
        int last = len - 1;
        byte b = buf[last];
        // the closing words come only after a destination; "do" (not "d" and a hex digit) begins "done"
        TextTemplate word = !recognized ? null : END.fits(0, buf[0]) ? END
            : DONE.fits(0, buf[0]) && len > 1 && DONE.fits(1, buf[1]) ? DONE : null;
        if (word != null) {
            if (!word.fits(last, b)) { gaveUp = true; return; }
            if (last < word.size() - 1) return;
            out.add(new PingpongRecord(word == DONE ? PingpongRecord.Kind.DONE : PingpongRecord.Kind.END, bufStart,
                bufStart + len, 0, null));
            len = 0;
            return;
        }
        if (recognized && last == 0 && DONE.fits(0, b)) return;   // "done" or a LID beginning with d: the next byte tells
        boolean ok = last == XRC_MARK ? DEST.fits(last, b) || XRC_DEST.fits(last, b) : message().fits(last, b);
        if (!ok) { gaveUp = true; return; }
        if (last == message().size() - 1) emit(out);
    }

    /** The destination being read: xsrq's once its mark is read, else the others'. */
    private TextTemplate message() { return xrc() ? XRC_DEST : DEST; }

    private boolean xrc() { return len > XRC_MARK && XRC_DEST.fits(XRC_MARK, buf[XRC_MARK]); }

    private void emit(List<PingpongRecord> out) {
        boolean x = xrc();
        PingpongRecord.Dest dest = x
            ? new PingpongRecord.Dest((int) hex(OFF_XRC_DEST_LID, LEN_XRC_DEST_LID), (int) hex(OFF_XRC_DEST_RECV_QPN, LEN_XRC_DEST_RECV_QPN),
                (int) hex(OFF_XRC_DEST_PSN, LEN_XRC_DEST_PSN), gid(OFF_XRC_DEST_GID, LEN_XRC_DEST_GID),
                (int) hex(OFF_XRC_DEST_SEND_QPN, LEN_XRC_DEST_SEND_QPN), (int) hex(OFF_XRC_DEST_SRQN, LEN_XRC_DEST_SRQN))
            : new PingpongRecord.Dest((int) hex(OFF_DEST_LID, LEN_DEST_LID), (int) hex(OFF_DEST_QPN, LEN_DEST_QPN),
                (int) hex(OFF_DEST_PSN, LEN_DEST_PSN), gid(OFF_DEST_GID, LEN_DEST_GID), -1, -1);
        out.add(new PingpongRecord(x ? PingpongRecord.Kind.XRC_DEST : PingpongRecord.Kind.DEST, bufStart, bufStart + len,
            ++messages, dest));
        recognized = true;
        len = 0;
    }

    /** The GID's hex digits in wire order: the upper half of them its high 64 bits. */
    private Gid gid(int pos, int n) {
        return new Gid(hex(pos, n / 2), hex(pos + n / 2, n / 2));
    }

    private long hex(int pos, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int c = buf[pos + i];
            v = (v << 4) | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        return v;
    }
}
