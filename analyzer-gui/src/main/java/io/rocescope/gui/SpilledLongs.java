package io.rocescope.gui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A list of longs that grows without its memory growing: it is kept in pages of a fixed size; a page that
 * is full is written to a temporary file and only the last few pages read stay in memory (an LRU), so a
 * capture of any size costs the same heap. The file is read and written with positioned reads and
 * writes, not mapped (mapped pages would count in the process's resident memory), and is unlinked as
 * soon as it is open, so nothing is left behind, whatever way the JVM ends.
 *
 * <p>One writer thread appends ({@link #add}); any thread reads an element below {@link #size()} (a
 * volatile count written after the element). After {@link #close} reads answer 0 and appends are
 * dropped: whoever still reads a closed capture's list has been superseded and its result is not shown.
 */
final class SpilledLongs implements AutoCloseable {
    /** 16 K longs (128 KB) a page, 16 pages cached: sequential scans read 128 KB at a time. */
    static final int PAGE_BITS = 14, CACHED_PAGES = 16;

    private static final class Page {
        final int number;
        final long[] values;

        Page(int number, long[] values) {
            this.number = number;
            this.values = values;
        }
    }

    private final int pageBits, pageSize, mask, cachedPages;
    private final Path directory;
    private volatile int size;
    /** The page being filled (the writer's; readers read its elements below size). */
    private volatile Page tail;
    /** The page the last read found, whichever thread read it: a scan reads from it without the lock. */
    private volatile Page hot;
    /** Pages read back (or just written), least recently used first; guarded by this. */
    private final LinkedHashMap<Integer, Page> cache;
    private FileChannel channel;   // guarded by this; opened when the first page is full
    private ByteBuffer io;         // guarded by this
    private boolean closed;        // guarded by this
    private long pagesRead;        // guarded by this

    SpilledLongs() { this(PAGE_BITS, CACHED_PAGES, Path.of(System.getProperty("java.io.tmpdir"))); }

    /** Pages of {@code 1 << pageBits} longs, {@code cachedPages} of them kept, spilled into {@code directory}. */
    SpilledLongs(int pageBits, int cachedPages, Path directory) {
        if (pageBits < 1 || pageBits > 24 || cachedPages < 1) throw new IllegalArgumentException("page bits " + pageBits + ", cached pages " + cachedPages);
        this.pageBits = pageBits;
        this.pageSize = 1 << pageBits;
        this.mask = pageSize - 1;
        this.cachedPages = cachedPages;
        this.directory = directory;
        this.cache = new LinkedHashMap<>(cachedPages * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Page> e) { return size() > SpilledLongs.this.cachedPages; }
        };
    }

    /** Appends {@code v}; one writer thread only. An I/O error of the temporary file is an UncheckedIOException. */
    void add(long v) {
        int n = size, p = n >>> pageBits;
        if (n == Integer.MAX_VALUE) throw new IllegalStateException("more than " + Integer.MAX_VALUE + " elements");
        Page t = tail;
        if (t == null || t.number != p) {
            if (t != null && !spill(t)) return;
            t = new Page(p, new long[pageSize]);
            tail = t;
        }
        t.values[n & mask] = v;
        size = n + 1;
    }

    /** Elements so far. */
    int size() { return size; }

    /** Element {@code i}, below {@link #size()}. */
    long get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i + " of " + size);
        int p = i >>> pageBits;
        Page h = hot;
        if (h != null && h.number == p) return h.values[i & mask];
        Page t = tail;
        if (t.number == p) {
            hot = t;
            return t.values[i & mask];
        }
        Page loaded = page(p);
        if (loaded == null) return 0;   // closed
        hot = loaded;
        return loaded.values[i & mask];
    }

    /**
     * Copies elements {@code from} … {@code from + len - 1} (below {@link #size()}) into {@code into} at
     * {@code at}, a page at a time: a scan of every element without a lookup per element.
     */
    void copy(int from, long[] into, int at, int len) {
        if (from < 0 || len < 0 || from + len > size) throw new IndexOutOfBoundsException(from + "+" + len + " of " + size);
        while (len > 0) {
            int p = from >>> pageBits, o = from & mask, n = Math.min(len, pageSize - o);
            Page t = tail, h = hot;
            Page page = h != null && h.number == p ? h : t.number == p ? t : page(p);
            if (page == null) {   // closed
                java.util.Arrays.fill(into, at, at + len, 0);
                return;
            }
            hot = page;
            System.arraycopy(page.values, o, into, at, n);
            from += n;
            at += n;
            len -= n;
        }
    }

    /** A full page to the file, then into the cache (so that readers find it there or in the file). */
    private synchronized boolean spill(Page t) {
        if (closed) return false;
        try {
            if (channel == null) {
                Files.createDirectories(directory);
                Path file = Files.createTempFile(directory, "rocescope-spill-", ".bin");
                channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
                try {
                    Files.delete(file);   // POSIX: the open channel keeps it; a killed JVM leaves nothing
                } catch (IOException e) {
                    file.toFile().deleteOnExit();   // not POSIX: DELETE_ON_CLOSE, or at the latest at exit
                }
                io = ByteBuffer.allocateDirect(pageSize * Long.BYTES).order(ByteOrder.nativeOrder());
            }
            io.clear();
            io.asLongBuffer().put(t.values);
            long at = (long) t.number * pageSize * Long.BYTES;
            while (io.hasRemaining()) channel.write(io, at + io.position());
        } catch (IOException e) {
            throw new UncheckedIOException("the index's temporary file in " + directory + ": " + e.getMessage(), e);
        }
        cache.put(t.number, t);
        return true;
    }

    /** Page {@code p} (full, so written), from the cache or read back from the file; null when closed. */
    private synchronized Page page(int p) {
        if (closed) return null;
        Page c = cache.get(p);
        if (c != null) return c;
        try {
            io.clear();
            long at = (long) p * pageSize * Long.BYTES;
            while (io.hasRemaining()) {
                if (channel.read(io, at + io.position()) < 0) throw new IOException("the temporary file ends before page " + p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the index's temporary file: " + e.getMessage(), e);
        }
        io.flip();
        long[] values = new long[pageSize];
        io.asLongBuffer().get(values);
        pagesRead++;
        c = new Page(p, values);
        cache.put(p, c);
        return c;
    }

    /**
     * The heap this list holds, in bytes: the pages in memory (the cache, the tail, the hot page) and the
     * staging buffer; the same for any {@link #size()} once the first pages are full.
     */
    synchronized long memoryBytes() {
        java.util.IdentityHashMap<Page, Boolean> held = new java.util.IdentityHashMap<>();
        for (Page p : cache.values()) held.put(p, true);
        if (tail != null) held.put(tail, true);
        if (hot != null) held.put(hot, true);
        return (long) held.size() * pageSize * Long.BYTES + (io == null ? 0 : io.capacity());
    }

    /** The most that {@link #memoryBytes()} can be: the cache, the tail and one hot page evicted meanwhile. */
    long memoryBound() { return (long) (cachedPages + 2) * pageSize * Long.BYTES + (long) pageSize * Long.BYTES; }

    /** Pages read back from the file so far (how often a reader missed the cache). */
    synchronized long pagesRead() { return pagesRead; }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        cache.clear();
        hot = null;
        try {
            if (channel != null) channel.close();
        } catch (IOException e) {
            // a temporary file already unlinked: nothing is lost
        }
    }
}
