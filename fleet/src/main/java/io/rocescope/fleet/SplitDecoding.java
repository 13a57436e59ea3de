package io.rocescope.fleet;

import io.rocescope.dissector.pipeline.DecodedRecordCheck;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.capture.CaptureSplits;
import io.rocescope.dissector.capture.RecordBoundaries;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.analysis.TrackerJob;
import io.rocescope.flow.PacketView;
import io.rocescope.flow.PacketViewCodec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Stage 1 of a split capture, one task: the records of one split, from the first record at or after its
 * share's start to the last one before the next share's start ({@link RecordBoundaries}), decoded by a
 * stateless decoder (as a pipeline worker decodes), as chunks of entries of about {@link #CHUNK} bytes,
 * then the split's {@link SplitOutput.SplitEnd}. An entry is a frame's {@link PacketView} where the tracker
 * takes one, else the record itself ({@link #WHOLE}: the tracker needs the decoded frame; {@link #IN_ORDER}:
 * its decoding depends on the frames before it): {@link SplitMerge} decodes those again, in capture order.
 * Frame numbers are the split's own, from 1. Memory: one chunk.
 */
final class SplitDecoding implements Iterator<SplitOutput>, AutoCloseable {
    static final int CHUNK = 1 << 20;
    static final byte VIEW = 0, WHOLE = 1, IN_ORDER = 2;
    /** An entry's record header: tag, number, time, captured and original length, interface, link type, offset. */
    static final int RECORD_HEADER = 1 + 8 + 8 + 4 + 4 + 4 + 4 + 8;

    private final CaptureInput input;
    private final int split, splits;
    private final CaptureRecord rec = new CaptureRecord();
    private final PacketView view = new PacketView();
    private ByteBuffer buf = ByteBuffer.allocate(CHUNK + (64 << 10));
    private CaptureReader reader;
    private FrameDecoder decoder;
    private long start, end, first = Long.MIN_VALUE, frames, firstOffset = SplitOutput.EOF, nextOffset = SplitOutput.EOF;
    private int layoutBlocks = -1;
    /** How many of the reader's warnings came from the header blocks every split reads again (split 0 keeps them). */
    private int headerWarnings;
    private String problem;
    private boolean opened, read, ended, stopped;

    SplitDecoding(CaptureInput input, int split, int splits) {
        this.input = input;
        this.split = split;
        this.splits = splits;
    }

    @Override
    public boolean hasNext() { return !ended; }

    @Override
    public SplitOutput next() {
        if (ended) throw new NoSuchElementException();
        try {
            if (!opened) open();
            if (problem == null && !read) {
                fill();
                if (buf.position() > 0) {
                    SplitOutput out = SplitOutput.frames(first, Arrays.copyOf(buf.array(), buf.position()));
                    buf.clear();
                    return out;
                }
            }
        } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // whatever it is, the whole capture is read again in one piece and meets it there (or not)
            problem = "split " + (split + 1) + " of " + splits + ": " + e;
        }
        ended = true;
        List<String> warnings = reader == null ? List.of() : List.copyOf(reader.warnings().subList(headerWarnings, reader.warnings().size()));
        close();
        return SplitOutput.end(new SplitOutput.SplitEnd(frames, firstOffset, nextOffset, warnings, stopped, problem));
    }

    private void open() throws IOException {
        opened = true;
        long size = input.sizeBytes();
        try (RecordBoundaries.Finder finder = RecordBoundaries.open(Path.of(input.path()), new DecodedRecordCheck())) {
            if (finder.size() != size) { problem = "the file changed size since the run began"; return; }
            start = split == 0 ? 0 : finder.next(size * split / splits);
            // no record confirmed near a split's start (damage: no plausible chain, no good ICRC): that split is empty
            // and the split before reads on through its share, to the next split that found one (as one reader would)
            end = size;
            for (int k = split + 1; k < splits; k++) {
                long b = finder.next(size * k / splits);
                if (b >= 0) { end = b; break; }
            }
        }
        if (start < 0 || start >= end) {
            read = true;
            return;
        }
        // every decoder of the capture counts from its first record's time, as one reading of the file does
        try (CaptureReader r = CaptureReaders.open(input.path())) {
            CaptureRecord head = new CaptureRecord();
            if (!r.next(head)) { problem = "no record read at the capture's start"; return; }
            first = head.timestampNanos;
        }
        reader = CaptureSplits.openAt(input.path(), start);
        if (split > 0) {
            layoutBlocks = CaptureSplits.layoutBlocks(reader);
            headerWarnings = reader.warnings().size();
        }
        decoder = FrameDecoder.stateless(new DecodeOptions(), FieldInterest.summary());
        decoder.firstTimestamp(first);
    }

    /** Entries until the chunk is full or the split is read; then what the split's end says. */
    private void fill() throws IOException {
        while (buf.position() < CHUNK) {
            int warned = reader.warnings().size();
            if (!reader.next(rec)) {
                // a reader that warns as it ends has met damage (a record cut short, a length past belief): it stops
                // there, as one reading of the whole file stops there
                stopped = reader.warnings().size() > warned;
                finish();
                return;
            }
            if (firstOffset == SplitOutput.EOF) firstOffset = rec.fileOffset;
            // split 0 has read the section header and interfaces before its first packet, as every other split has
            if (layoutBlocks < 0) layoutBlocks = CaptureSplits.layoutBlocks(reader);
            if (rec.fileOffset >= end) {
                nextOffset = rec.fileOffset;
                finish();
                return;
            }
            frames++;
            entry();
        }
    }

    private void entry() {
        DecodedFrame f = decoder.decode(rec);
        if (f.needsSequentialDecode()) {
            record(IN_ORDER);
            return;
        }
        boolean whole;
        try {
            whole = TrackerJob.needsWholeFrame(f);
            if (!whole) PacketView.of(f, view);
        } catch (RuntimeException e) {
            whole = true;   // the merge decodes it again and meets the failure where the pipeline does (TrackerJob)
        }
        if (whole) {
            record(WHOLE);
            return;
        }
        room(1 + PacketViewCodec.BYTES);
        buf.put(VIEW);
        PacketViewCodec.write(view, buf);
    }

    private void record(byte tag) {
        room(RECORD_HEADER + rec.capturedLength);
        buf.put(tag).putLong(rec.number).putLong(rec.timestampNanos).putInt(rec.capturedLength).putInt(rec.originalLength)
            .putInt(rec.interfaceId).putInt(rec.linkType).putLong(rec.fileOffset).put(rec.data, 0, rec.capturedLength);
    }

    /** A record larger than what is left (a pcapng block may be 16 MiB): the chunk grows for it. */
    private void room(int n) {
        if (buf.remaining() >= n) return;
        ByteBuffer b = ByteBuffer.allocate(buf.position() + n);
        buf.flip();
        b.put(buf);
        buf = b;
    }

    private void finish() {
        read = true;
        // the reader's warnings are no problem: they belong to this split, and the merge reports them as one reader would
        if (!stopped && CaptureSplits.layoutBlocks(reader) > layoutBlocks && layoutBlocks >= 0 && split < splits - 1) {
            // a later split reads only the header's interfaces: it would not know this one
            problem = "a section or interface is described after the first packet";
        }
    }

    @Override
    public void close() {
        if (reader == null) return;
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            reader = null;
        }
    }
}
