package io.rocescope.dissector.encode;

import java.io.IOException;

/** Writes records to a capture file in the order given (tshark's -w). */
public interface CaptureWriter extends AutoCloseable {
    /** One record: {@code capturedLength} bytes of {@code data}, its wire length, link type and input interface. */
    void write(long timestampNanos, byte[] data, int capturedLength, long originalLength, int linkType, int interfaceId) throws IOException;

    @Override
    void close() throws IOException;
}
