package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;

import java.io.IOException;

/** Where decoded frames go: one implementation per output format. */
interface FrameSink {
    default void begin() throws IOException {}

    void frame(DecodedFrame f) throws IOException;

    default void end(long frames) throws IOException {}
}
