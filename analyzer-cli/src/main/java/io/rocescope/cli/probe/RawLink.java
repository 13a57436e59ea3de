package io.rocescope.cli.probe;

import io.rocescope.dissector.encode.ArpFrames;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;

import java.io.IOException;
import java.net.InetAddress;
import java.sql.Timestamp;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static io.rocescope.dissector.field.ksy.UdpDatagramLayout.ROCE_V2_PORT;

/**
 * Probes on the wire through libpcap: whole Ethernet frames injected on the interface (pcap_sendpacket),
 * and a second handle that sees the answers and our own frames as they leave, both stamped by the kernel's
 * capture clock, so an RTT is measured between two timestamps of one clock, as tcpdump would show it.
 *
 * <p>Why not a UDP socket on port 4791: where Soft-RoCE (rxe) or a RoCE NIC runs, the kernel owns port
 * 4791 (bind fails) and takes every RoCEv2 datagram to QP1 for its own CM, so a socket would neither send
 * from 4791 nor see the answer. A packet socket does both, with or without rxe, and needs root or
 * CAP_NET_RAW, which a probe that forges its own GID and QPN should need anyway. Only frames to and from
 * the one target pass the capture filter.
 */
public final class RawLink implements ProbeLink {
    private final PcapHandle tx, rx;
    private final LinkedBlockingQueue<Seen> seen = new LinkedBlockingQueue<>(10_000);
    private final Thread reader;
    private volatile boolean closed;

    private RawLink(PcapHandle tx, PcapHandle rx) {
        this.tx = tx;
        this.rx = rx;
        this.reader = new Thread(this::read, "rocescope-probe-rx");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens the interface for frames between us and {@code target}: "needs root" failures come as one line. */
    public static RawLink open(String device, InetAddress target) throws IOException {
        try {
            PcapHandle rx = builder(device).build();
            try {
                rx.setFilter("(udp port " + ROCE_V2_PORT + " or arp) and host " + target.getHostAddress(), BpfProgram.BpfCompileMode.OPTIMIZE);
                PcapHandle tx = new PcapHandle.Builder(device).snaplen(128).timeoutMillis(10).build();
                return new RawLink(tx, rx);
            } catch (PcapNativeException | RuntimeException e) {
                rx.close();
                throw e;
            } catch (org.pcap4j.core.NotOpenException e) {
                rx.close();
                throw new IOException("cannot open " + device + ": " + e.getMessage(), e);
            }
        } catch (PcapNativeException e) {
            String m = String.valueOf(e.getMessage());
            if (m.toLowerCase(java.util.Locale.ROOT).contains("permi")) {
                throw new IOException("probe needs root or CAP_NET_RAW to send its own RoCE frames (libpcap: " + m + ")");
            }
            throw new IOException("cannot open " + device + ": " + m);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IOException("libpcap is not installed (apt-get install libpcap0.8)");
        }
    }

    private static PcapHandle.Builder builder(String device) {
        PcapHandle.Builder b = new PcapHandle.Builder(device).snaplen(2048).promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
            .timeoutMillis(10).immediateMode(true);
        try {
            return b.timestampPrecision(PcapHandle.TimestampPrecision.NANO);
        } catch (RuntimeException e) {
            return b;
        }
    }

    /**
     * libpcap's own loop (pcap_loop), ended by {@link #close} with pcap_breakloop: frames one by one
     * with pcap_next_ex came late or not at all (the first after the handle opened was lost).
     */
    private void read() {
        try {
            rx.loop(-1, (byte[] data) -> {
                Timestamp t = rx.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                seen.offer(new Seen(nanos, data));
            });
        } catch (InterruptedException | PcapNativeException | org.pcap4j.core.NotOpenException e) {
            // broken off by close
        }
    }

    @Override
    public void send(byte[] frame) throws IOException {
        try {
            tx.sendPacket(frame);
        } catch (PcapNativeException | org.pcap4j.core.NotOpenException e) {
            throw new IOException("send failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Seen poll(long nanos) throws InterruptedException {
        return seen.poll(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    /**
     * The MAC of {@code ip} (the target, or the gateway towards it) by ARP: a request that asks for that one
     * address, at most three times, 300 ms apart. Null when nothing answers.
     */
    public byte[] arp(byte[] ourMac, InetAddress ourIp, InetAddress ip) throws IOException, InterruptedException {
        byte[] request = ArpFrames.request(ourMac, ourIp.getAddress(), ip.getAddress());
        for (int attempt = 0; attempt < 3; attempt++) {
            send(request);
            long end = System.nanoTime() + 300_000_000L;
            for (long left; (left = end - System.nanoTime()) > 0; ) {
                Seen s = poll(left);
                if (s == null) break;
                ArpFrames.Arp answer = ArpFrames.read(s.data());
                if (answer != null && answer.isReply() && java.util.Arrays.equals(answer.senderIp(), ip.getAddress())) {
                    return answer.senderMac();
                }
            }
        }
        return null;
    }

    @Override
    public void close() {
        closed = true;
        try {
            rx.breakLoop();
        } catch (org.pcap4j.core.NotOpenException ignored) {
            // closed already
        }
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tx.close();
        rx.close();
    }
}
