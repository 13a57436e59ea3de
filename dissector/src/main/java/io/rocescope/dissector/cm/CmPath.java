package io.rocescope.dissector.cm;

import io.rocescope.dissector.value.Gid;

/**
 * A path as a REQ (primary, alternate) or a LAP (alternate) carries it (IBTA 12.6.5). The GIDs are values:
 * RoCEv2 IPv4 ones are IPv4-mapped ({@link Gid#mappedIpv4()}).
 */
public record CmPath(int localLid, int remoteLid, Gid localGid, Gid remoteGid, int flowLabel, int packetRate,
                     int trafficClass, int hopLimit, int sl, int subnetLocal, int localAckTimeout) {}
