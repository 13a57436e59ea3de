package io.rocescope.dissector.capture;

import java.io.IOException;

/** The input is not a capture we can read at all (bad magic, unsupported link type, empty file). */
public final class CaptureFormatException extends IOException {
    public CaptureFormatException(String message) {
        super(message);
    }
}
