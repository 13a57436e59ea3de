package io.rocescope.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * File descriptor 1. A write that fails with EPIPE says that whoever read the output went away
 * ({@code rocescope dissect big.pcap | head}): the command then stops quietly with 141, as a program
 * killed by SIGPIPE would. Any other write error (a full disk, {@code > /dev/full}, an I/O error) is
 * trouble the user must hear of: {@link Failed}, one line and exit 2.
 */
final class StandardOutput extends FilterOutputStream {
    /** Thrown when the output's reader went away (EPIPE). */
    static final class Closed extends IOException {
        Closed(IOException cause) { super("standard output closed: " + cause.getMessage(), cause); }
    }

    /** Thrown for any other failed write to standard output. */
    static final class Failed extends IOException {
        Failed(IOException cause) { super("standard output: write error: " + cause.getMessage(), cause); }
    }

    StandardOutput() { this(new FileOutputStream(FileDescriptor.out)); }

    /** Over any stream that fails as file descriptor 1 does (the tests' stand-in). */
    StandardOutput(OutputStream fd1) { super(fd1); }

    /** The JDK reports EPIPE only by its strerror text. */
    private static IOException translated(IOException e) {
        String m = e.getMessage();
        return m != null && m.startsWith("Broken pipe") ? new Closed(e) : new Failed(e);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw translated(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw translated(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw translated(e);
        }
    }

    /** True when {@code e}, or what caused it, is a failed write to standard output. */
    static boolean closed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof Closed) return true;
        return false;
    }
}
