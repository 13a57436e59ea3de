package io.rocescope.flow;

/**
 * Rebuilds the messages of one flow from their packets' PSNs. A message is the PSN span of a First …
 * Last (or one Only); it is complete when every PSN of the span has been seen at least once, in any
 * order and any number of copies, and its size is the payload of the span, each PSN counted once (the
 * pad is not payload). Packets are taken in PSN order from a cursor: one that arrives ahead of it (after
 * a loss, or reordered) waits in a ring until the PSNs before it come; a PSN still missing when the ring
 * is full, or at the end, is given up and the message it belonged to counted incomplete — once.
 * Bounded: the ring holds at most {@link #WINDOW} PSNs and is made only when a packet arrives early.
 */
final class MessageAssembler {
    static final int WINDOW = 1 << 12;
    private static final byte EMPTY = 0, FIRST = 1, MIDDLE = 2, LAST = 3, ONLY = 4, OTHER = 5;

    long incomplete;
    final Distribution sizes = new Distribution();

    private boolean started, assembledAny;
    /** Before the first message start: packets wait, and an earlier PSN (reordered) may still come. */
    private boolean holding = true;
    /** How far the first packets may wait for their message's start before the wait is given up. */
    private static final int HOLD = 256;
    /** The lowest PSN not yet taken into a message, and one past the highest PSN seen. */
    private int cursor, end;
    /** PSNs seen ahead of the cursor: their kind and payload (for OTHER: how many PSNs they use). */
    private byte[] kinds;
    private int[] values;
    private int mask;
    private boolean open;
    private long size;
    /** Inside a message whose start was never seen (a PSN given up, or the capture began mid-message). */
    private boolean orphan, orphanCounted;

    /** A packet of a message: First, Middle, Last or Only by its opcode (anything else uses its PSN for no message). */
    void onPacket(int psn, int opcode, int payload) {
        byte kind = Opcodes.isFirst(opcode) ? FIRST : Opcodes.isMiddle(opcode) ? MIDDLE : Opcodes.isLast(opcode) ? LAST
            : Opcodes.isOnly(opcode) ? ONLY : OTHER;
        put(psn, kind, kind == OTHER ? 1 : payload);
    }

    /** {@code span} PSNs from {@code psn} that carry no message (a READ request, an atomic). */
    void other(int psn, int span) {
        put(psn, OTHER, Math.max(1, span));
    }

    /** A message completed elsewhere (a READ, matched by its range). */
    void completed(long bytes) {
        sizes.add(bytes);
    }

    private void put(int psn, byte kind, int value) {
        if (!started) {
            started = true;
            cursor = end = psn;
        }
        if (holding) {
            hold(psn, kind, value);
            return;
        }
        int d = Psn.diff(psn, cursor);
        if (d < 0) return;   // a copy of a PSN already taken
        if (d == 0 && cursor == end) {   // the usual case: the next PSN, nothing waiting
            take(kind, value);
            if (Psn.diff(cursor, end) > 0) end = cursor;
            return;
        }
        if (d >= WINDOW) {
            // far ahead (a long gap): give up everything before it
            drainAll();
            giveUp();
            cursor = end = psn;
            take(kind, value);
            if (Psn.diff(cursor, end) > 0) end = cursor;
            return;
        }
        while (Psn.diff(psn, cursor) >= WINDOW) step();
        if (Psn.diff(psn, cursor) < 0) return;   // taken over by an earlier packet's span
        ensure(Math.max(Psn.diff(psn, cursor), Psn.diff(end, cursor)) + 1);
        int slot = psn & mask;
        if (kinds[slot] != EMPTY) return;      // a copy: each PSN counts once
        kinds[slot] = kind;
        values[slot] = value;
        if (Psn.diff(psn, end) >= 0) end = Psn.add(psn, 1);
        while (cursor != end && kinds[cursor & mask] != EMPTY) step();
    }

    /**
     * The first packets of the flow: a Middle or Last may be ahead of its First (reordered), so they wait
     * until a message start is at the cursor, or until {@link #HOLD} PSNs wait.
     */
    private void hold(int psn, byte kind, int value) {
        if (kinds == null && cursor == end && (kind == FIRST || kind == ONLY || kind == OTHER)) {
            holding = false;   // the usual start: a message's first packet, nothing waits
            put(psn, kind, value);
            return;
        }
        if (Psn.diff(psn, cursor) < 0) {
            if (Psn.diff(end, psn) >= HOLD) return;
            cursor = psn;
        } else if (Psn.diff(psn, cursor) >= HOLD) {
            holding = false;
            put(psn, kind, value);
            return;
        }
        ensure(Math.max(Psn.diff(psn, cursor), Psn.diff(end, cursor)) + 1);
        int slot = psn & mask;
        if (kinds[slot] == EMPTY) {
            kinds[slot] = kind;
            values[slot] = value;
        }
        if (Psn.diff(psn, end) >= 0) end = Psn.add(psn, 1);
        byte atCursor = kinds[cursor & mask];
        if (atCursor == FIRST || atCursor == ONLY || atCursor == OTHER || Psn.diff(end, cursor) >= HOLD) {
            holding = false;
            while (cursor != end && kinds[cursor & mask] != EMPTY) step();
        }
    }

    /** Room for PSNs cursor … cursor + n − 1 in the ring (it starts small and doubles up to WINDOW). */
    private void ensure(int n) {
        if (kinds != null && n <= kinds.length) return;
        int cap = kinds == null ? 64 : kinds.length;
        while (cap < n && cap < WINDOW) cap <<= 1;
        if (kinds != null && cap == kinds.length) return;
        byte[] k = new byte[cap];
        int[] val = new int[cap];
        if (kinds != null) {
            for (int p = cursor; p != end; p = Psn.add(p, 1)) {
                k[p & (cap - 1)] = kinds[p & mask];
                val[p & (cap - 1)] = values[p & mask];
            }
        }
        kinds = k;
        values = val;
        mask = cap - 1;
    }

    /** Takes the PSN at the cursor, or gives it up when it never came. */
    private void step() {
        int slot = cursor & mask;
        byte kind = kinds == null ? EMPTY : kinds[slot];
        if (kind == EMPTY) {
            giveUp();
            cursor = Psn.add(cursor, 1);
            return;
        }
        int value = values[slot];
        kinds[slot] = EMPTY;
        take(kind, value);
        if (Psn.diff(cursor, end) > 0) end = cursor;
    }

    /** The PSN at the cursor never arrived: the message around it is incomplete. */
    private void giveUp() {
        if (open) {
            incomplete++;
            open = false;
            orphan = true;
            orphanCounted = true;
        } else if (!orphan) {
            orphan = true;
            orphanCounted = false;
        }
    }

    private void endOrphan() {
        if (orphan && !orphanCounted) incomplete++;
        orphan = false;
    }

    /** The packet at the cursor, in PSN order. */
    private void take(byte kind, int value) {
        assembledAny = true;
        switch (kind) {
            case FIRST -> {
                endOrphan();
                if (open) incomplete++;   // a First without the Last of the message before
                open = true;
                size = value;
            }
            case MIDDLE -> {
                if (open) size += value;
                else if (!orphan) { orphan = true; orphanCounted = false; }
            }
            case LAST -> {
                if (open) { sizes.add(size + value); open = false; }
                else if (orphan) endOrphan();
                else incomplete++;
            }
            case ONLY -> {
                endOrphan();
                if (open) { incomplete++; open = false; }
                sizes.add(value);
            }
            default -> {   // OTHER: value PSNs of no message
                endOrphan();
                if (open) { incomplete++; open = false; }
                int n = value;
                for (int i = 1; i < n && kinds != null && i <= mask; i++) kinds[Psn.add(cursor, i) & mask] = EMPTY;
                cursor = Psn.add(cursor, n);
                return;
            }
        }
        cursor = Psn.add(cursor, 1);
    }

    private void drainAll() {
        while (cursor != end) step();
    }

    /** At the end of the capture (or of the flow): whatever waits is taken, and a message still open is incomplete. */
    void finish() {
        holding = false;
        drainAll();
        if (open) incomplete++;
        open = false;
        endOrphan();
    }
}
