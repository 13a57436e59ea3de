package io.rocescope.cli.probe;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.Consumer;

/**
 * {@code probe tcp HOST:PORT}: the socket set-up path a RoCE job's out-of-band exchange takes (perftest's
 * 18515, an MPI or NCCL bootstrap port): each probe a TCP connect, timed to the kernel's completion of the
 * handshake and closed at once; "open", "refused" (a RST: the host is up, nothing listens), "unreachable"
 * or "timeout". A normal socket: no rights needed. Each connect waits for the target's token bucket, and
 * holds it until the socket is closed.
 */
public final class TcpProbe {
    private final int count, timeoutMillis;
    private final TokenBucket bucket;

    public TcpProbe(int count, double rate, int timeoutMillis) {
        this(count, new TokenBucket(rate, TokenBucket.Clock.SYSTEM), timeoutMillis);
    }

    /** With the target's bucket given: shared with the other probes to the same host (capture --probe). */
    public TcpProbe(int count, TokenBucket bucket, int timeoutMillis) {
        this.count = count;
        this.timeoutMillis = timeoutMillis;
        this.bucket = bucket;
    }

    public void run(InetSocketAddress target, ProbeResult result, Consumer<ProbeResult.Probe> each) throws InterruptedException {
        for (int seq = 1; seq <= count; seq++) {
            int n = seq;
            // the connect and its closing RST while holding the token: the next SYN to this host waits 1/rate after them
            ProbeResult.Probe p;
            try {
                p = bucket.send(() -> connect(target, n));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);   // connect reports its own failures as answers
            }
            result.probes.add(p);
            each.accept(p);
        }
    }

    private ProbeResult.Probe connect(InetSocketAddress target, int seq) {
        LoopbackWarmUp.once();
        String answer;
        String note = null;
        Double rtt = null;
        long t0 = 0;
        try (Socket s = new Socket()) {
            s.setSoLinger(true, 0);   // close with a RST: no TIME_WAIT left on the target per probe
            t0 = System.nanoTime();   // after the socket is made: only the handshake is timed
            s.connect(target, timeoutMillis);
            rtt = (System.nanoTime() - t0) / 1e6;
            answer = "open";
        } catch (ConnectException e) {
            rtt = (System.nanoTime() - t0) / 1e6;
            answer = "refused";
        } catch (NoRouteToHostException e) {
            answer = "unreachable";
            note = e.getMessage();
        } catch (SocketTimeoutException e) {
            answer = "timeout";
        } catch (IOException e) {
            answer = "error";
            note = e.getMessage();
        }
        return new ProbeResult.Probe(seq, answer, null, null, 1, rtt, null, null, note);
    }

    /**
     * The JVM's first connect loads and links the socket code (75-194 ms measured in netns runs where the
     * wire showed a 0.1 ms handshake). One connect to a listener of our own on loopback, before the first
     * timed probe, pays that cost where it is not measured; nothing leaves the host.
     */
    static final class LoopbackWarmUp {
        private static boolean done;

        static synchronized void once() {
            if (done) return;
            done = true;
            try (java.net.ServerSocket server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                 Socket s = new Socket()) {
                s.setSoLinger(true, 0);
                s.connect(server.getLocalSocketAddress(), 1000);
            } catch (IOException e) {
                // no loopback: the first probe's time then includes the warm-up, as before
            }
        }
    }
}
