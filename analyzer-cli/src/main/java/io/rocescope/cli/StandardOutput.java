package io.rocescope.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;

/**
 * File descriptor 1, whose write errors say that whoever read the output went away ({@code rocescope
 * dissect big.pcap | head}): the command then stops quietly with 141, as a program killed by SIGPIPE
 * would, instead of reporting the closed pipe as trouble with the capture.
 */
final class StandardOutput extends FilterOutputStream {
    /** Thrown for any failed write to standard output. */
    static final class Closed extends IOException {
        Closed(IOException cause) { super("standard output closed: " + cause.getMessage(), cause); }
    }

    StandardOutput() { super(new FileOutputStream(FileDescriptor.out)); }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    /** True when {@code e}, or what caused it, is a failed write to standard output. */
    static boolean closed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof Closed) return true;
        return false;
    }
}
