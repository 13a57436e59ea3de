package io.rocescope.flow;

import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The fabric view's windows and bounds, on frames built with known times, classes and ports. */
class FabricBoundsTest {
    @Test
    void aCnpAnswersOnlyTheCeMarksWithinTheWindowAroundIt() {
        // five CE-marked SENDs 400 us apart (0 … 1600 us), the ACK at 2000 us, a CNP to the sender at 2400 us:
        // with the default 1 ms window the CNP answers the mark at 1600 us; 0, 400, 800 and 1200 us are older than 1 ms
        List<byte[]> frames = new ArrayList<>();
        for (int p = 0; p < 5; p++) frames.add(Frames.roce(Frames.A, Frames.B, 0x04, 0x11, p, p == 4, new byte[32], 3));
        frames.add(Frames.ack(4, 0x1F, 5));
        frames.add(Frames.cnp(Frames.B, Frames.A, 0x22));
        Reports.Analysis a = Track.frames(frames, 400_000);
        FabricReports.EcnReport e = a.connections().get(0).aToB().fabric().ecn();
        assertThat(e.ce()).isEqualTo(5);
        assertThat(e.ceAnswered()).isEqualTo(1);
        assertThat(e.ceUnanswered()).isEqualTo(4);
        assertThat(a.findingCounts()).containsEntry("cnp.unanswered_ce", 1L);
        assertThat(a.connections().get(0).aToB().fabric().cnps().targetQp()).isEqualTo(0x22);
    }

    @Test
    void portsAndClassesStayBoundedPerFlow() {
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            // 100 UDP source ports and 20 DSCPs on one QP
            Net n = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2}, ip(Frames.A), ip(Frames.B), -1, 0,
                0xC000 + i, ((i % 20) << 2) | 2);
            frames.add(RoceFrames.roce(n, 0x04, 0x11, i, false, false, new byte[0], new byte[32]));
        }
        FabricReports.FlowFabric f = Track.frames(frames).connections().get(0).aToB().fabric();
        assertThat(f.udpSourcePorts().distinct()).isEqualTo(FabricProfile.MAX_PORTS);
        assertThat(f.udpSourcePorts().capped()).isTrue();
        assertThat(f.udpSourcePorts().ports()).hasSize(FabricProfile.MAX_PORTS).isSorted();
        assertThat(f.classes()).hasSize(ClassCounts.MAX);
        assertThat(f.dscp()).hasSize(ClassCounts.MAX);
    }

    private static byte[] ip(int a) { return ByteBuffer.allocate(4).putInt(a).array(); }
}
