package io.rocescope.fleet;

import java.io.Serializable;

/**
 * One capture of the fleet: its path (as every executor sees it), and the host it was taken on when the
 * layout says so ({@code DIR/HOST/file.pcap}: the folder under the directory given), else null.
 */
public record CaptureInput(String path, String host, long sizeBytes) implements Serializable {}
