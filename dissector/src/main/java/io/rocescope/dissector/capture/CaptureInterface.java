package io.rocescope.dissector.capture;

/**
 * One capture interface as a file's headers describe it: classic pcap has one (its file header),
 * pcapng one per Interface Description Block, with its if_name and if_description when given (else null).
 */
public record CaptureInterface(int linkType, long snaplen, String name, String description) {}
