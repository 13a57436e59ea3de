package io.rocescope.cli.report;

import java.util.List;

/**
 * What identifies one input file as evidence, as {@code capinfos -H} shows it: name, size, hashes,
 * format (and the compression it was read through, or null), link types and snaplens of its interfaces, comments, time span and frame count.
 * Times are nanoseconds since the epoch (null when the file holds no frame).
 */
public record Evidence(String name, String path, long sizeBytes, String sha256, String sha1, String format,
                       String compression, List<Interface> interfaces, List<String> comments, long frames, Long firstNanos,
                       Long lastNanos, List<String> warnings) {
    /** One capture interface (classic pcap has exactly one, from the file header). */
    public record Interface(int linkType, String linkTypeName, long snaplen, String name, String description) {}

    public Long durationNanos() { return firstNanos == null ? null : lastNanos - firstNanos; }
}
