package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.SummaryLine;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A summary decode (no tree, {@link FieldInterest#summary()}) tells the one-line view and the tracker
 * the same as the full tree: on every frame of every capture the summary lines are equal, the frame's
 * own values (IbHeaders, addresses, ports, ECN) equal the tree's fields, and no detail field is
 * recorded.
 */
class SummaryDecodeTest {

    @TestFactory
    Stream<DynamicTest> summaryDecodeEqualsTheTreeOnEveryFrame() {
        return TestCaptures.all().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path capture) throws IOException {
        try (CaptureReader full = CaptureReaders.open(capture.toString());
             CaptureReader lean = CaptureReaders.open(capture.toString())) {
            FrameDecoder fullDecoder = new FrameDecoder(new DecodeOptions());
            FrameDecoder leanDecoder = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());
            CaptureRecord a = new CaptureRecord(), b = new CaptureRecord();
            int frames = 0, roce = 0;
            while (full.next(a)) {
                assertThat(lean.next(b)).isTrue();
                DecodedFrame tree = fullDecoder.decode(a);
                DecodedFrame summary = leanDecoder.decode(b);
                String where = capture.getFileName() + " frame " + tree.number();
                assertThat(SummaryLine.of(summary)).as(where).isEqualTo(SummaryLine.of(tree));
                assertThat(summary.experts()).as(where).isEqualTo(tree.experts());
                for (int i = 0; i < summary.fieldCount(); i++) {
                    assertThat(Fields.detail()).as(where + ": a summary decode records no detail").doesNotContain(summary.def(i));
                }
                valuesMatchTheTree(where, tree);
                valuesMatchTheTree(where + " (summary)", tree, summary);
                frames++;
                if (tree.isRoce()) roce++;
            }
            assertThat(lean.next(b)).isFalse();
            assertThat(frames).isPositive();
            assertThat(roce).isPositive();
        }
    }

    private static void valuesMatchTheTree(String where, DecodedFrame tree) {
        valuesMatchTheTree(where, tree, tree);
    }

    /** The values {@code f} carries outside its tree equal the fields of {@code tree} (the same frame). */
    private static void valuesMatchTheTree(String where, DecodedFrame tree, DecodedFrame f) {
        // addresses: the network layer's, else the link layer's, as the tree shows them
        FieldDef[][] layers = {{Fields.IP_SRC, Fields.IP_DST}, {Fields.IPV6_SRC, Fields.IPV6_DST},
            {Fields.GRH_SGID, Fields.GRH_DGID}, {Fields.ETH_SRC, Fields.ETH_DST}};
        for (FieldDef[] layer : layers) {
            if (!tree.has(layer[0])) continue;
            assertThat(Addresses.source(f)).as(where + " source").isEqualTo(FieldText.value(tree, tree.find(layer[0])));
            assertThat(Addresses.destination(f)).as(where + " destination").isEqualTo(FieldText.value(tree, tree.find(layer[1])));
            break;
        }
        int ecn = tree.find(Fields.IP_ECN) >= 0 ? tree.find(Fields.IP_ECN) : tree.find(Fields.IPV6_ECN);
        assertThat(f.ecn()).as(where + " ECN").isEqualTo(ecn < 0 ? -1 : (int) tree.value(ecn));
        if (tree.find(Fields.UDP_SRCPORT) >= 0) {
            assertThat(f.srcPort()).as(where).isEqualTo(tree.get(Fields.UDP_SRCPORT, -1));
            assertThat(f.dstPort()).as(where).isEqualTo(tree.get(Fields.UDP_DSTPORT, -1));
            assertThat(f.udpLength()).as(where).isEqualTo(tree.get(Fields.UDP_LENGTH, -1));
        }
        if (!tree.isRoce()) return;
        IbHeaders h = f.ib();
        assertThat(h.opcode()).as(where).isEqualTo(tree.get(Fields.BTH_OPCODE, -1));
        assertThat(h.solicitedEvent() ? 1 : 0).as(where).isEqualTo(tree.get(Fields.BTH_SE, -1));
        assertThat(h.migReq() ? 1 : 0).as(where).isEqualTo(tree.get(Fields.BTH_M, -1));
        assertThat(h.padCount()).as(where).isEqualTo(tree.get(Fields.BTH_PADCNT, -1));
        assertThat(h.transportVersion()).as(where).isEqualTo(tree.get(Fields.BTH_TVER, -1));
        assertThat(h.partitionKey()).as(where).isEqualTo(tree.get(Fields.BTH_P_KEY, -1));
        assertThat(h.fecn() ? 1 : 0).as(where).isEqualTo(tree.get(Fields.BTH_FECN, -1));
        assertThat(h.becn() ? 1 : 0).as(where).isEqualTo(tree.get(Fields.BTH_BECN, -1));
        assertThat(h.destQp()).as(where).isEqualTo(tree.get(Fields.BTH_DESTQP, -1));
        assertThat(h.ackRequest() ? 1 : 0).as(where).isEqualTo(tree.get(Fields.BTH_A, -1));
        assertThat(h.psn()).as(where).isEqualTo(tree.get(Fields.BTH_PSN, -1));
        header(where, tree, h, IbTransportKsy.HEADER_XRCETH, Fields.XRCETH_XRCSRQ, h.xrcSrq());
        header(where, tree, h, IbTransportKsy.HEADER_RDETH, Fields.RDETH_EECNXT, h.eeContext());
        header(where, tree, h, IbTransportKsy.HEADER_DETH, Fields.DETH_Q_KEY, h.qKey());
        header(where, tree, h, IbTransportKsy.HEADER_DETH, Fields.DETH_SRCQP, h.srcQp());
        header(where, tree, h, IbTransportKsy.HEADER_FETH, Fields.FETH_SEL, h.flushSelectivity());
        header(where, tree, h, IbTransportKsy.HEADER_FETH, Fields.FETH_PLT, h.flushPlacement());
        header(where, tree, h, IbTransportKsy.HEADER_RETH, Fields.RETH_VA, h.rethVa());
        header(where, tree, h, IbTransportKsy.HEADER_RETH, Fields.RETH_R_KEY, h.rethRKey());
        header(where, tree, h, IbTransportKsy.HEADER_RETH, Fields.RETH_DMALEN, h.dmaLength());
        header(where, tree, h, IbTransportKsy.HEADER_ATOMIC_ETH, Fields.ATOMICETH_VA, h.atomicVa());
        header(where, tree, h, IbTransportKsy.HEADER_ATOMIC_ETH, Fields.ATOMICETH_R_KEY, h.atomicRKey());
        header(where, tree, h, IbTransportKsy.HEADER_ATOMIC_ETH, Fields.ATOMICETH_SWAPDT, h.swapOrAddData());
        header(where, tree, h, IbTransportKsy.HEADER_ATOMIC_ETH, Fields.ATOMICETH_CMPDT, h.compareData());
        header(where, tree, h, IbTransportKsy.HEADER_AETH, Fields.AETH_SYNDROME, h.syndrome());
        header(where, tree, h, IbTransportKsy.HEADER_AETH, Fields.AETH_MSN, h.msn());
        header(where, tree, h, IbTransportKsy.HEADER_ATOMIC_ACK_ETH, Fields.ATOMICACKETH_ORIGREMDT, h.originalRemoteData());
        header(where, tree, h, IbTransportKsy.HEADER_IMMDT, Fields.IMMDT, h.immediate());
        header(where, tree, h, IbTransportKsy.HEADER_IETH, Fields.IETH, h.invalidateRKey());
        int payload = tree.find(Fields.PAYLOAD);
        assertThat(h.payloadCaptured()).as(where + " payload").isEqualTo(payload < 0 ? 0 : tree.length(payload));
        if (payload >= 0) assertThat(h.payloadOffset()).as(where).isEqualTo(tree.offset(payload));
    }

    private static void header(String where, DecodedFrame tree, IbHeaders h, int bit, FieldDef field, long value) {
        // an alias copy (AtomicETH's VA as infiniband.reth.va) is not the header itself
        int i = tree.find(field);
        while (i >= 0 && tree.isAlias(i)) i = tree.findNext(field, i);
        assertThat(h.has(bit)).as("%s: %s present", where, field).isEqualTo(i >= 0);
        if (h.has(bit)) assertThat(value).as("%s: %s", where, field).isEqualTo(tree.value(i));
    }

    @Test
    void askingASummaryFrameForADetailFieldFailsLoudly() throws IOException {
        FrameDecoder lean = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());
        DecodedFrame f = lean.decode(roceDataFrame());
        assertThat(f.isRoce()).isTrue();
        assertThat(f.fieldCount()).as("a RoCE data frame records no field at all").isZero();
        assertThatThrownBy(() -> f.find(Fields.BTH_PSN)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("infiniband.bth.psn");
    }

    @Test
    void aPrimedDetailFieldIsRecordedAlone() throws IOException {
        FrameDecoder primed = new FrameDecoder(new DecodeOptions(), FieldInterest.summary().with(List.of(Fields.IP_TTL, Fields.BTH_PSN)));
        CaptureRecord rec = roceDataFrame();
        DecodedFrame f = primed.decode(rec);
        assertThat(f.fieldCount()).isEqualTo(2);
        assertThat(f.get(Fields.IP_TTL, -1)).isEqualTo(rec.data[14 + 8] & 0xFF);
        assertThat(f.get(Fields.BTH_PSN, -1)).isEqualTo(f.ib().psn());
    }

    /** The first RC data frame (Ethernet, IPv4, UDP port 4791) of a real capture. */
    private static CaptureRecord roceDataFrame() {
        for (TestCaptures.RawFrame r : TestCaptures.records(TestCaptures.file("send_bw_rc"))) {
            byte[] d = r.data();
            if (d.length > 60 && (d[12] & 0xFF) == 0x08 && d[13] == 0 && (d[36] & 0xFF) == 0x12 && (d[37] & 0xFF) == 0xB7
                && (d[42] & 0xFF) == 0x00) {   // RC SEND First
                CaptureRecord rec = new CaptureRecord();
                rec.data = d;
                rec.capturedLength = rec.originalLength = d.length;
                rec.linkType = r.linkType();
                return rec;
            }
        }
        throw new AssertionError("no RC SEND First in send_bw_rc");
    }
}
