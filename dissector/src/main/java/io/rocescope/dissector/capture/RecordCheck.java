package io.rocescope.dissector.capture;

/**
 * Judges a candidate record for {@link RecordBoundaries}: what the bytes say once decoded. Capture
 * reading knows only record headers; whether a record's bytes are a frame the dissector knows, whose
 * lengths agree and whose ICRC verifies, takes the decoder, which sits above this package (decoding
 * reads {@link CaptureRecord}s). The boundary search is handed this check instead of importing the decoder.
 *
 * <p>A check is used by one search on one thread; it may keep state (a decoder) between calls.
 */
public interface RecordCheck {
    /** The record decodes whole and, on Ethernet, as a protocol the dissector knows (required of a candidate's first record). */
    int WELL_FORMED = 1;
    /** The IP packet's own length accounts for the frame's original length (required of every record of the chain). */
    int LENGTHS_AGREE = 2;
    /** The record is a RoCE frame whose ICRC verifies (what confirms a chain). */
    int ROCE_ICRC_GOOD = 4;

    /**
     * The verdicts (a set of the flags above) on {@code rec}, read whole (ERF already unwrapped).
     *
     * @param fileLinkType   the link type of the file header, before any ERF unwrapping
     * @param originalLength the original length of the record header, as read
     * @param fcsBytes       the frame check sequence each frame ends with, per the file header
     */
    int judge(CaptureRecord rec, int fileLinkType, long originalLength, int fcsBytes);
}
