package io.rocescope.cli;

import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.pipeline.FrameJob;

import java.io.IOException;

/**
 * Where decoded frames go, one implementation per output format. A sink is a {@link FrameJob}: it
 * builds each batch's output on the thread that decoded it and writes it in capture order.
 */
interface FrameSink<O> extends FrameJob<O> {
    /** The fields this sink reads: the summary fields unless it prints more (the tree, JSON, -e). */
    default FieldInterest interest() { return FieldInterest.summary(); }

    /** Before the first frame (a header line, an opening bracket). */
    default void begin() throws IOException {}

    /** After the last frame; {@code frames} were read. */
    default void end(long frames) throws IOException {}
}
