package io.rocescope.dissector.decode;

import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.InfoColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** CM set-ups against ground truth: the QPNs the tools printed, and the PSNs the data then uses. */
class CmGroundTruthTest {

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "write_lat_rc_rdmacm"})
    void reqAndRepCarryTheQpnsPerftestPrinted(String name) throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve(name + ".txt"));
        Matcher m = Pattern.compile(" local address: LID \\w+ QPN 0x(\\w+)").matcher(txt.substring(txt.indexOf("## Output of client")));
        assertThat(m.find()).isTrue();
        int clientQpn = Integer.parseInt(m.group(1), 16);
        m = Pattern.compile(" local address: LID \\w+ QPN 0x(\\w+)").matcher(txt.substring(txt.indexOf("## Output of server")));
        assertThat(m.find()).isTrue();
        int serverQpn = Integer.parseInt(m.group(1), 16);
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        assertThat(frames.stream().filter(f -> f.has(CmFields.REQ_LOCALQPN)).map(f -> f.get(CmFields.REQ_LOCALQPN, -1)))
            .contains((long) clientQpn);
        assertThat(frames.stream().filter(f -> f.has(CmFields.REP_LOCALQPN)).map(f -> f.get(CmFields.REP_LOCALQPN, -1)))
            .contains((long) serverQpn);
    }

    /**
     * rxe makes its port GUID from the MAC as a modified EUI-64, and the CM puts it in REQ/REP as the Local CA
     * GUID: every REQ and REP of the real captures carries Eui64.ofMac of its Ethernet source (what the probe
     * writes into its own REQ).
     */
    @Test
    void theLocalCaGuidOfEveryReqAndRepIsTheModifiedEui64OfItsSourceMac() {
        int checked = 0;
        for (java.nio.file.Path p : TestCaptures.all()) {
            for (DecodedFrame f : TestCaptures.decode(p)) {
                int guid = Math.max(f.find(CmFields.REQ_LOCALCAGUID), f.find(CmFields.REP_LOCALCAGUID));
                int src = f.find(Fields.ETH_SRC);
                if (guid < 0 || src < 0) continue;
                byte[] mac = java.util.Arrays.copyOfRange(f.data(), f.offset(src), f.offset(src) + 6);
                assertThat(io.rocescope.dissector.encode.Eui64.ofMac(mac)).as(p + " frame " + f.number()).isEqualTo(f.value(guid));
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(18);   // the REQs and REPs of the shared captures
    }

    /**
     * Data from the initiator carries DestQP = REP's QPN and starts at the REP's starting PSN; data from the
     * responder carries DestQP = REQ's QPN and starts at the REQ's starting PSN. Each side's Starting PSN is
     * the one its receive queue expects (Linux cm.c: the active side sets rq_psn from the REQ, the passive side
     * sq_psn from the REQ) — not, as roce-wire-facts.md §6.8 says, the PSN its sender will use. The PSNs
     * perftest -R prints are not used on the wire.
     */
    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "rping", "send_write_imm", "rnr_nak", "nak_remote_access_write"})
    void firstDataPsnOfEachDirectionIsTheCmStartingPsn(String name) {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        int checked = 0;
        for (DecodedFrame req : frames) {
            if (!req.has(CmFields.REQ_LOCALQPN)) continue;
            DecodedFrame rep = frames.stream().filter(f -> f.get(CmFields.REP_REMOTECOMMID, -1) == req.get(CmFields.REQ_LOCALCOMMID, -2))
                .findFirst().orElseThrow();
            String initiator = Addresses.source(req);
            long toResponder = firstRequestPsn(frames, initiator, rep.get(CmFields.REP_LOCALQPN, -1), rep.number());
            long toInitiator = firstRequestPsn(frames, Addresses.source(rep), req.get(CmFields.REQ_LOCALQPN, -1), rep.number());
            assertThat(toResponder).as("%s: initiator's first PSN", name).isEqualTo(rep.get(CmFields.REP_STARTPSN, -1));
            if (toInitiator >= 0) {
                assertThat(toInitiator).as("%s: responder's first PSN", name).isEqualTo(req.get(CmFields.REQ_STARTPSN, -1));
                checked++;
            }
            checked++;
        }
        assertThat(checked).as("directions checked (verbs_probe captures send one way only)").isPositive();
    }

    /** PSN of the first RC request (not a response) from {@code src} to {@code destQp} after frame {@code after}; -1 if none. */
    private static long firstRequestPsn(List<DecodedFrame> frames, String src, long destQp, long after) {
        for (DecodedFrame f : frames) {
            if (f.number() <= after || !f.isRoce() || f.has(CmFields.MAD)) continue;
            int op = (int) f.get(Fields.BTH_OPCODE, -1);
            boolean response = (op & 0x1F) >= 0x0D && (op & 0x1F) <= 0x12;
            if (op >= 0x20 || response || !OpcodeTable.isDefined(op)) continue;
            if (Addresses.source(f).equals(src) && f.get(Fields.BTH_DESTQP, -1) == destQp) return f.get(Fields.BTH_PSN, -1);
        }
        return -1;
    }

    @Test
    void rejectShowsItsReasonByName() {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("cm_reject_no_listener"));
        List<DecodedFrame> rejects = frames.stream().filter(f -> f.has(CmFields.REJ_REASON)).toList();
        assertThat(rejects).hasSize(2);
        for (DecodedFrame r : rejects) {
            assertThat(r.get(CmFields.REJ_REASON, -1)).isEqualTo(8);
            assertThat(InfoColumn.of(r)).isEqualTo("CM ConnectReject reason=Invalid service ID (8) (rejecting REQ)");
            assertThat(FieldText.display(r, r.find(CmFields.REJ_REASON))).isEqualTo("Invalid service ID (8)");
            assertThat(r.hasExpert("infiniband.cm.rej")).isTrue();
        }
        DecodedFrame req = frames.stream().filter(f -> f.has(CmFields.REQ_LOCALQPN)).findFirst().orElseThrow();
        assertThat(InfoColumn.of(req)).matches("CM ConnectRequest QPN=0x000011 PSN=0x[0-9a-f]{6} \\(\\d+\\) ServiceID=TCP:9999 10\\.0\\.0\\.1:\\d+ → 10\\.0\\.0\\.2");
        assertThat(FieldText.display(req, req.find(CmFields.REQ_PPPMTU))).isEqualTo("1024 bytes (3)");
        assertThat(FieldText.value(req, req.find(CmFields.PATH_LOCALGID_IPV4[0]))).isEqualTo("10.0.0.1");
        assertThat(FieldText.display(req, req.find(CmFields.REQ_LOCALRESPTOUT))).isEqualTo("4.295 s (20)");
    }

    @Test
    void sidrReplyNamesItsQpnAndQKey() {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("udaddy_sidr"));
        DecodedFrame rep = frames.stream().filter(f -> f.has(CmFields.SIDR_REP_QPN)).findFirst().orElseThrow();
        assertThat(rep.get(CmFields.SIDR_REP_STATUS, -1)).isZero();
        assertThat(rep.get(CmFields.SIDR_REP_QPN, -1)).isEqualTo(0x11);
        assertThat(rep.get(CmFields.SIDR_REP_QKEY, -1)).isEqualTo(0x1234567);
        DecodedFrame req = frames.stream().filter(f -> f.has(CmFields.SIDR_REQ_SERVICEID)).findFirst().orElseThrow();
        assertThat(InfoColumn.of(req)).contains("ServiceID=UDP:7174").contains("10.0.0.1:");
    }

    @Test
    void aCmMadWithTheWrongQKeyIsFlagged() {
        byte[] frame = TestCaptures.records(TestCaptures.file("cm_reject_no_listener")).get(2).data().clone();
        frame[42 + 12 + 3] ^= 0x01;   // DETH Q_Key 0x80010000 -> 0x80010001 (the ICRC then fails too)
        DecodedFrame f = SyntheticFrames.decode(frame);
        assertThat(f.has(CmFields.QKEY_MISMATCH)).isTrue();
        assertThat(f.hasExpert("infiniband.cm.qkey_mismatch")).isTrue();
        assertThat(InfoColumn.of(f)).contains("[Q_Key mismatch]");
        assertThat(CmNames.QP1_QKEY).isEqualTo(0x80010000L);
    }
}
