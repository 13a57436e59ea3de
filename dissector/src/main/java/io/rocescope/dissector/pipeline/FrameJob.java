package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.decode.DecodedFrame;

import java.io.IOException;

/**
 * What a {@link FramePipeline} does with each decoded frame, split in two: {@link #frame} turns a
 * frame into output on whichever thread decoded it (formatting a line, extracting the values a
 * tracker needs), and {@link #emit} hands output over in capture order on the caller's thread.
 * Output is kept per batch in an object of type {@code O}, addressed by marks (a byte count, a list
 * size), so that the output of some frames can be handed over between that of others.
 *
 * @param <O> a batch's output (a byte buffer, a list of values …)
 */
public interface FrameJob<O> {
    /** A new, empty output (one per batch in flight, reused). */
    O newOutput();

    /** Empties an output for reuse. */
    void clear(O out);

    /** Turns one frame into output appended to {@code out}. Runs on a worker thread: no shared state. */
    void frame(DecodedFrame f, O out);

    /** Where the output of the next frame would start in {@code out}. */
    int mark(O out);

    /** Drops whatever was appended to {@code out} after {@code mark} (a frame whose output failed half-way). */
    void rewind(O out, int mark);

    /** Hands over {@code out}'s output between two marks; called in capture order, on the caller's thread. */
    void emit(O out, int from, int to) throws IOException;

    /** Turns one frame into output and hands it over at once, through {@code scratch} (a live frame, one decoded in order). */
    default void emitNow(DecodedFrame f, O scratch) throws IOException {
        clear(scratch);
        frameOrMalformed(f, scratch);
        emit(scratch, 0, mark(scratch));
    }

    /**
     * {@link #frame}, confined to this frame: when it throws, what it appended is dropped, the frame is
     * marked malformed with the reason ({@link DecodedFrame#markFailed}) and turned into output again,
     * so that one frame's failure costs that frame's detail and nothing else. A job that fails even on
     * the cut-down frame has a bug of its own: that failure goes to the caller.
     */
    default void frameOrMalformed(DecodedFrame f, O out) {
        int mark = mark(out);
        try {
            frame(f, out);
        } catch (RuntimeException e) {
            rewind(out, mark);
            f.markFailed("Dissector failure: " + e);
            frame(f, out);
        }
    }
}
