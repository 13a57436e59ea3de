package io.rocescope.cli.live;

import io.rocescope.dissector.util.KeepOpenOutputStream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * Where a live capture's frames go with -w: one pcapng file, standard output, or a ring of files named as
 * dumpcap names them ({@code NAME_00001_20261201183000.pcapng}), each a complete pcapng with its own
 * interface description and statistics. Called from the capture thread only.
 */
public final class CaptureFiles implements AutoCloseable {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneId.systemDefault());
    private final String target;
    private final OutputStream stdout;
    private final RingBuffer ring;
    private final String ifName, ifDescription;
    private final int linkType, snaplen;
    private final Supplier<CaptureStats> stats;
    private final ArrayDeque<Path> kept = new ArrayDeque<>();
    private PcapngLiveWriter current;
    private long fileStartNanos, fileStartWall, lastNanos;
    private int fileNumber;

    /** {@code target}: a path, or "-" for {@code stdout} (which is flushed per frame and left open). */
    public CaptureFiles(String target, OutputStream stdout, RingBuffer ring, String ifName, String ifDescription, int linkType,
                        int snaplen, Supplier<CaptureStats> stats) throws IOException {
        if ("-".equals(target) && ring.rotates()) throw new IllegalArgumentException("a ring buffer (-b) needs -w FILE, not -w -");
        this.target = target;
        this.stdout = stdout;
        this.ring = ring;
        this.ifName = ifName;
        this.ifDescription = ifDescription;
        this.linkType = linkType;
        this.snaplen = snaplen;
        this.stats = stats;
        open(System.currentTimeMillis() * 1_000_000L);
    }

    public void write(long nanos, byte[] data, int capturedLength, long originalLength) throws IOException {
        if (ring.rotates() && due(nanos)) {
            finishCurrent(nanos);
            open(nanos);
        }
        current.write(nanos, data, capturedLength, originalLength);
        lastNanos = Math.max(lastNanos, nanos);
    }

    private boolean due(long nanos) {
        if (ring.fileBytes() > 0 && current.bytes() >= ring.fileBytes()) return true;
        return ring.durationSeconds() > 0 && System.nanoTime() - fileStartWall >= (long) (ring.durationSeconds() * 1e9);
    }

    /** Also the duration switch when no frames come: call now and then from the capture thread. */
    public void tick() throws IOException {
        if (ring.durationSeconds() > 0 && due(0)) {
            long now = System.currentTimeMillis() * 1_000_000L;
            finishCurrent(now);
            open(now);
        }
    }

    private void open(long nanos) throws IOException {
        fileStartNanos = nanos;
        fileStartWall = System.nanoTime();
        if ("-".equals(target)) {
            current = new PcapngLiveWriter(new KeepOpenOutputStream(stdout), ifName, ifDescription, linkType, snaplen, true);
            return;
        }
        Path p = Path.of(target);
        if (ring.rotates()) {
            String name = p.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String base = dot > 0 ? name.substring(0, dot) : name, ext = dot > 0 ? name.substring(dot) : ".pcapng";
            p = p.resolveSibling(String.format("%s_%05d_%s%s", base, ++fileNumber, STAMP.format(Instant.ofEpochMilli(nanos / 1_000_000)), ext));
            kept.add(p);
            while (ring.files() > 0 && kept.size() > ring.files()) Files.deleteIfExists(kept.poll());
        }
        current = new PcapngLiveWriter(Files.newOutputStream(p), ifName, ifDescription, linkType, snaplen, false);
    }

    private void finishCurrent(long endNanos) throws IOException {
        current.finish(fileStartNanos, Math.max(endNanos, lastNanos), stats.get());
        current.close();
    }

    @Override
    public void close() throws IOException {
        finishCurrent(System.currentTimeMillis() * 1_000_000L);
    }
}
