package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

import java.util.List;

/**
 * Cuts one direction of a libibverbs example program's TCP exchange into messages (rdma-core
 * libibverbs/examples/*_pingpong.c). Each side writes one fixed-size, NUL-terminated text message per QP:
 * {@code sprintf(msg, "%04x:%06x:%06x:%s", lid, qpn, psn, gid)} into {@code char msg[sizeof
 * "0000:000000:000000:" + 32 hex digits]} (52 bytes; ibv_srq_pingpong sends one per QP back to back), the GID
 * as 32 hex digits in wire order (pingpong.c gid_to_wire_gid); the client then writes "done\0".
 * ibv_xsrq_pingpong: MSG_FORMAT "%04x:%06x:%06x:%06x:%06x:%32s" (66 bytes) and "END\0".
 */
final class PingpongStreamParser {
    static final int MSG = 52, XRC_MSG = 66;
    private final byte[] buf = new byte[XRC_MSG];
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
        String word = !recognized ? null : buf[0] == 'E' ? "END" : buf[0] == 'd' && len > 1 && buf[1] == 'o' ? "done" : null;
        if (word != null) {
            if (last < word.length()) {
                if (b != word.charAt(last)) gaveUp = true;
                return;
            }
            if (b != 0) { gaveUp = true; return; }
            out.add(new PingpongRecord(word.equals("done") ? PingpongRecord.Kind.DONE : PingpongRecord.Kind.END, bufStart,
                bufStart + len, 0, null));
            len = 0;
            return;
        }
        if (recognized && last == 0 && b == 'd') return;   // "done" or a LID beginning with d: the next byte tells
        // "llll:qqqqqq:pppppp:" + 32 GID digits + NUL (52 bytes), or xsrq's
        // "llll:rrrrrr:ssssss:pppppp:nnnnnn:" + 32 GID digits + NUL (66): byte 25 is a colon only in xsrq's
        boolean ok;
        if (last == 25) ok = b == ':' || hex(b);
        else if (last == (xrc() ? XRC_MSG : MSG) - 1) ok = b == 0;
        else if (last == 4 || last == 11 || last == 18 || (xrc() && last == 32)) ok = b == ':';
        else ok = hex(b);
        if (!ok) { gaveUp = true; return; }
        if (last == (xrc() ? XRC_MSG : MSG) - 1) emit(out);
    }

    private boolean xrc() { return len > 25 && buf[25] == ':'; }

    private void emit(List<PingpongRecord> out) {
        boolean x = xrc();
        int lid = (int) hex(0, 4), qpn = (int) hex(5, 6), a = (int) hex(12, 6);
        int gidAt = x ? 33 : 19;
        Gid gid = new Gid(hex(gidAt, 16), hex(gidAt + 16, 16));   // 32 hex digits in wire order
        PingpongRecord.Dest dest = x
            ? new PingpongRecord.Dest(lid, qpn, (int) hex(19, 6), gid, a, (int) hex(26, 6))
            : new PingpongRecord.Dest(lid, qpn, a, gid, -1, -1);
        out.add(new PingpongRecord(x ? PingpongRecord.Kind.XRC_DEST : PingpongRecord.Kind.DEST, bufStart, bufStart + len,
            ++messages, dest));
        recognized = true;
        len = 0;
    }

    private static boolean hex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f');
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
