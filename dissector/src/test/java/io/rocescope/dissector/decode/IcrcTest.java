package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.Fields;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The ICRC: the reference's test vectors, every real frame, and corruption. */
class IcrcTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("[^0-9a-fA-F]", ""));
    }

    @Test
    void cnpCapturedOnConnectX4Lx() {
        byte[] frame = hex("e41d2dab2bc2 7cfe90643b32 0800 45c2 003c 718c 4000 4011 9161 0a001101 0a001201"
            + "0000 12b7 0028 0000 81 00 ffff 40 000118 00 000000 00000000000000000000000000000000 82fd002a");
        DecodedFrame f = SyntheticFrames.decode(frame);
        assertThat(f.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
        assertThat(new IcrcCalculator().compute(frame, 14, IcrcCalculator.IPV4, 20, 34, 42, 70)).isEqualTo(0x2A00FD82L);
        assertThat(f.get(Fields.BTH_BECN, -1)).isEqualTo(1);
        assertThat(f.has(Fields.CNP)).isTrue();
    }

    /** Scapy's UC SEND Only (MigReq, PadCnt 2, P_Key 0xffff, DestQP 211, PSN 13571856, 20 bytes) behind {@code headers}. */
    private static DecodedFrame scapyUcSendOnly(String headers, int l3Kind, int l3Length, long expected, String wire) {
        byte[] frame = hex(headers + "24 60 ffff 00 0000d3 00 cf1710 4630818be28935d90e9a955054 01be885e500000 00000000");
        int udp = 14 + l3Length;
        long crc = new IcrcCalculator().compute(frame, 14, l3Kind, l3Length, udp, udp + 8, frame.length - 4);
        assertThat(crc).isEqualTo(expected);
        for (int i = 0; i < 4; i++) frame[frame.length - 4 + i] = (byte) (crc >>> (8 * i));
        assertThat(HexFormat.of().formatHex(frame, frame.length - 4, frame.length)).isEqualTo(wire);
        DecodedFrame f = SyntheticFrames.decode(frame);
        assertThat(f.protocol()).isEqualTo(DecodedFrame.Protocol.RROCE);
        assertThat(f.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
        assertThat(f.get(Fields.BTH_PADCNT, -1)).isEqualTo(2);
        assertThat(f.get(Fields.BTH_PSN, -1)).isEqualTo(13571856);
        assertThat(f.find(Fields.PAD)).isPositive();
        return f;
    }

    @Test
    void ucSendOnlyOverIpv4BuiltByScapy() {
        // Ether/IP(tos=1, id=1144, DF, ttl=64, 192.168.0.7 -> 192.168.0.7)/UDP(49152 -> 4791, len 44)
        scapyUcSendOnly("248a07a8fa22 248a07a8fa22 0800 45 01 0040 0478 4000 40 11 b4d5 c0a80007 c0a80007 c000 12b7 002c aca2",
            IcrcCalculator.IPV4, 20, 0xF353F378L, "78f353f3");
    }

    @Test
    void ucSendOnlyOverIpv6BuiltByScapy() {
        // The same BTH and payload over Ether/IPv6(tc=226, fl=0x1face, hlim=255, 2022::1023 -> 2023::1024)/UDP:
        // scapy's "RoCE over IPv6" test (test/contrib/roce.uts), ICRC 3e 5b 74 3b on the wire.
        DecodedFrame f = scapyUcSendOnly("248a07a8fa22 248a07a8fa22 86dd 6e21face 002c 11 ff 20220000000000000000000000001023"
            + " 20230000000000000000000000001024 c000 12b7 002c e7c5", IcrcCalculator.IPV6, 40, 0x3B745B3EL, "3e5b743b");
        assertThat(f.get(Fields.IPV6_FLOW, -1)).isEqualTo(0x1FACE);
        assertThat(f.get(Fields.IPV6_TCLASS, -1)).isEqualTo(226);
    }

    @Test
    void roceV1RdmaWriteOnlyWithPadding() {
        byte[] frame = hex("7cfe90753cd8 7cfe90753cd8 8915 60200000 0028 1b 40"
            + "00000000000000000000ffff0f000002 00000000000000000000ffff0f000002"
            + "0a70ffff0000010a80a788bc 000055d4c0726000 000047b3 00000005 0000000001000000 e3d856bb");
        DecodedFrame f = SyntheticFrames.decode(frame);
        assertThat(f.protocol()).isEqualTo(DecodedFrame.Protocol.ROCE);
        assertThat(f.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
        assertThat(IcrcCalculator.found(frame, frame.length - 4)).isEqualTo(0xBB56D8E3L);
        assertThat(f.get(Fields.BTH_OPCODE, -1)).isEqualTo(0x0A);
        assertThat(f.get(Fields.BTH_PADCNT, -1)).isEqualTo(3);
        assertThat(f.get(Fields.BTH_DESTQP, -1)).isEqualTo(0x10A);
        assertThat(f.get(Fields.RETH_DMALEN, -1)).isEqualTo(5);
    }

    @Test
    void roceV1Acknowledge() {
        byte[] frame = hex("7cfe90753cd8 7cfe90753cd8 8915 60200000 0014 1b 40"
            + "00000000000000000000ffff0f000002 00000000000000000000ffff0f000002"
            + "1140ffff00000109 00a788c0 00000005 25f0c038");
        DecodedFrame f = SyntheticFrames.decode(frame);
        assertThat(f.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
        assertThat(IcrcCalculator.found(frame, frame.length - 4)).isEqualTo(0x38C0F025L);
        assertThat(f.get(Fields.AETH_MSN, -1)).isEqualTo(5);
    }

    @Test
    void everyRealFrameHasAGoodIcrcExceptTheOnesCorruptedOnPurpose() {
        for (var capture : TestCaptures.all()) {
            List<DecodedFrame> frames = TestCaptures.decode(capture);
            long roce = frames.stream().filter(DecodedFrame::isRoce).count();
            long good = frames.stream().filter(f -> f.icrcStatus() == DecodedFrame.IcrcStatus.GOOD).count();
            long bad = frames.stream().filter(f -> f.icrcStatus() == DecodedFrame.IcrcStatus.BAD).count();
            assertThat(roce).as(capture.toString()).isPositive();
            if (capture.getFileName().toString().equals("send_bw_corrupt1pct.pcap")) {
                assertThat(bad).as("MANIFEST: ICRC BAD on 21 of 2553 RoCE packets").isEqualTo(21);
                assertThat(roce).isEqualTo(2553);
            } else {
                assertThat(good).as(capture + ": ICRC good on every RoCE frame").isEqualTo(roce);
            }
        }
    }

    @Test
    void flippingOnePayloadByteMakesTheIcrcBad() {
        for (var capture : List.of("send_bw_rc", "send_bw_ipv6", "send_bw_vlan100", "read_bw_rc")) {
            for (TestCaptures.RawFrame raw : TestCaptures.records(TestCaptures.file(capture))) {
                DecodedFrame good = SyntheticFrames.decode(raw.data());
                int payload = good.find(Fields.PAYLOAD);
                if (payload < 0) continue;
                byte[] copy = raw.data().clone();
                copy[good.offset(payload) + good.length(payload) / 2] ^= 0x01;
                DecodedFrame bad = SyntheticFrames.decode(copy);
                assertThat(bad.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.BAD);
                assertThat(bad.find(Fields.ICRC_EXPECTED)).isPositive();
                assertThat(bad.get(Fields.ICRC_FOUND, -1)).isEqualTo(IcrcCalculator.found(copy, copy.length - 4));
                assertThat(bad.hasExpert("icrc.bad")).isTrue();
                // The masked fields may change in flight without breaking the ICRC (ECN marking, TTL).
                byte[] remarked = raw.data().clone();
                int ipOff = good.offset(good.find(good.has(Fields.IP) ? Fields.IP : Fields.IPV6));
                remarked[ipOff + 1] |= 0x03;
                assertThat(SyntheticFrames.decode(remarked).icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
                break;
            }
        }
    }
}
