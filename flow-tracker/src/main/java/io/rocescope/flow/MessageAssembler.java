package io.rocescope.flow;

/** Rebuilds messages from First/Middle/Last/Only packets and counts what never completed. */
final class MessageAssembler {
    private boolean open;
    private long size;
    long incomplete;
    final Distribution sizes = new Distribution();

    void onPacket(int opcode, int payload) {
        if (Opcodes.isOnly(opcode)) {
            if (open) { incomplete++; open = false; }
            sizes.add(payload);
        } else if (Opcodes.isFirst(opcode)) {
            if (open) incomplete++;
            open = true;
            size = payload;
        } else if (Opcodes.isMiddle(opcode)) {
            if (open) size += payload; else incomplete++;
        } else if (Opcodes.isLast(opcode)) {
            if (open) sizes.add(size + payload); else incomplete++;
            open = false;
        }
    }

    /** At the end of the capture a message still open is incomplete. */
    void finish() {
        if (open) incomplete++;
        open = false;
    }
}
