package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.cm.CmMessage;
import io.rocescope.dissector.cm.CmPath;
import io.rocescope.dissector.cm.Mad;
import io.rocescope.dissector.cm.ServiceId;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.rocescope.dissector.field.CmFields.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The typed MAD values the decoder puts on a frame ({@link DecodedFrame#mad()}: what the CM set-up tracker reads)
 * against the MAD's decoded fields, on every MAD of every capture, and against what the tools printed in the
 * captures' .txt: the QPNs, starting PSNs, retry counts, MTU and GIDs of verbs_probe and perftest -R, the
 * port and reject reason of the no-listener connect.
 */
class CmMessageRecordsTest {

    /** The captures with MADs: the rdma_cm ground-truth captures and the project's CM samples. */
    private static final List<String> SHARED = List.of("send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "rping", "udaddy_sidr",
        "cm_reject_no_listener", "rnr_nak", "send_write_imm", "nak_remote_access_write");
    private static final List<String> SAMPLES = List.of("roce_cm", "roce_cm_reject", "cm_req_timeout", "synth_cm_timeout");

    private static List<Path> cmCaptures() {
        List<Path> out = new ArrayList<>();
        SHARED.forEach(n -> out.add(TestCaptures.file(n)));
        SAMPLES.forEach(n -> out.add(TestCaptures.sample(n)));
        return out;
    }

    /** Every MAD's values equal its fields', message kind by message kind; a summary decode gives the same values. */
    @Test
    void everyMadsValuesAreItsFieldsValues() {
        int mads = 0;
        java.util.Set<Class<?>> kinds = new java.util.HashSet<>();
        for (Path file : cmCaptures()) {
            List<DecodedFrame> full = TestCaptures.decode(file);
            List<Mad> summary = summaryMads(file);
            assertThat(summary).hasSameSizeAs(full);
            for (int i = 0; i < full.size(); i++) {
                DecodedFrame f = full.get(i);
                String where = file.getFileName() + " frame " + f.number();
                assertThat(f.mad() != null).as(where + ": a Mad exactly when the MAD field is there").isEqualTo(f.has(MAD));
                // the values do not depend on which fields a decode keeps (the tracker decodes without the tree)
                assertThat(summary.get(i)).as(where + ": summary decode").isEqualTo(f.mad());
                if (f.mad() == null) continue;
                assertThat(f.mad()).as(where).isEqualTo(fromFields(f));
                if (f.mad().cm() != null) kinds.add(f.mad().cm().getClass());
                mads++;
            }
        }
        assertThat(mads).as("MADs checked").isGreaterThan(30);
        assertThat(kinds).as("message kinds seen").contains(CmMessage.Req.class, CmMessage.Rep.class, CmMessage.Rtu.class,
            CmMessage.Rej.class, CmMessage.Dreq.class, CmMessage.Drep.class, CmMessage.SidrReq.class, CmMessage.SidrRep.class);
    }

    private static List<Mad> summaryMads(Path file) {
        List<Mad> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            FrameDecoder dec = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) out.add(dec.decode(rec).mad());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The Mad as the fields of a full decode say it (an independent reading: the fields, not the dissector's locals). */
    private static Mad fromFields(DecodedFrame f) {
        int attr = (int) v(f, MAD_ATTRIBUTEID);
        boolean cm = v(f, MAD_MGMTCLASS) == CmNames.CLASS_CM;
        return new Mad((int) v(f, MAD_BASEVERSION), (int) v(f, MAD_MGMTCLASS), (int) v(f, MAD_CLASSVERSION), (int) v(f, MAD_METHOD),
            (int) v(f, MAD_STATUS), (int) v(f, MAD_CLASSSPECIFIC), v(f, MAD_TRANSACTIONID), attr, v(f, MAD_ATTRIBUTEMODIFIER),
            f.has(QKEY_MISMATCH), cm ? message(f, attr) : null);
    }

    private static CmMessage message(DecodedFrame f, int attr) {
        switch (attr) {
            case CmNames.REQ:
                return new CmMessage.Req(v(f, REQ_LOCALCOMMID), service(f, REQ_SERVICEID, REQ_SERVICEID_PROTOCOL, REQ_SERVICEID_DPORT),
                    v(f, REQ_LOCALCAGUID), v(f, REQ_LOCALQKEY), i(f, REQ_LOCALQPN), i(f, REQ_RESPONDERRES), i(f, REQ_LOCALEECN),
                    i(f, REQ_INITDEPTH), i(f, REQ_REMOTEEECN), i(f, REQ_REMOTERESPTOUT), i(f, REQ_TRANSPSVCTYPE),
                    i(f, REQ_E2EFLOWCTRL), i(f, REQ_STARTPSN), i(f, REQ_LOCALRESPTOUT), i(f, REQ_RETRCOUNT), i(f, REQ_PKEY),
                    i(f, REQ_PPPMTU), i(f, REQ_RDCEXIST), i(f, REQ_RNRRETRCOUNT), i(f, REQ_MAXCMRETR), i(f, REQ_SRQ),
                    i(f, REQ_EXT_TRANSPORT), path(f, 0), path(f, 1));
            case CmNames.REP:
                return new CmMessage.Rep(v(f, REP_LOCALCOMMID), v(f, REP_REMOTECOMMID), v(f, REP_LOCALQKEY), i(f, REP_LOCALQPN),
                    i(f, REP_LOCALEECN), i(f, REP_STARTPSN), i(f, REP_RESPRES), i(f, REP_INITDEPTH), i(f, REP_TGTACKDELAY),
                    i(f, REP_FAILOVERACC), i(f, REP_E2EFLOWCTRL), i(f, REP_RNRRETRCOUNT), i(f, REP_SRQ), v(f, REP_LOCALCAGUID));
            case CmNames.REJ:
                return new CmMessage.Rej(v(f, REJ_LOCALCOMMID), v(f, REJ_REMOTECOMMID), i(f, REJ_MSGREJ), i(f, REJ_REJINFOLEN),
                    i(f, REJ_REASON), f.bytes(f.find(REJ_ARI)));
            case CmNames.MRA:
                return new CmMessage.Mra(v(f, MRA_LOCALCOMMID), v(f, MRA_REMOTECOMMID), i(f, MRA_MSGMRAED), i(f, MRA_SERVICETIMEOUT));
            case CmNames.RTU: return new CmMessage.Rtu(v(f, RTU_LOCALCOMMID), v(f, RTU_REMOTECOMMID));
            case CmNames.DREQ: return new CmMessage.Dreq(v(f, DREQ_LOCALCOMMID), v(f, DREQ_REMOTECOMMID), i(f, DREQ_REMOTEQPN));
            case CmNames.DREP: return new CmMessage.Drep(v(f, DREP_LOCALCOMMID), v(f, DREP_REMOTECOMMID));
            case CmNames.SIDR_REQ:
                return new CmMessage.SidrReq(v(f, SIDR_REQ_REQUESTID), i(f, SIDR_REQ_PKEY),
                    service(f, SIDR_REQ_SERVICEID, SIDR_REQ_SERVICEID_PROTOCOL, SIDR_REQ_SERVICEID_DPORT));
            case CmNames.SIDR_REP:
                return new CmMessage.SidrRep(v(f, SIDR_REP_REQUESTID), i(f, SIDR_REP_STATUS), i(f, SIDR_REP_ADDINFOLEN),
                    i(f, SIDR_REP_QPN), v(f, SIDR_REP_SERVICEID), v(f, SIDR_REP_QKEY));
            case CmNames.LAP:
                return new CmMessage.Lap(v(f, LAP_LOCALCOMMID), v(f, LAP_REMOTECOMMID), i(f, LAP_REMOTEQPN), i(f, LAP_REMOTERESPTOUT),
                    new CmPath(i(f, LAP_ALT_LOCALLID), i(f, LAP_ALT_REMOTELID), gid(f, LAP_ALT_LOCALGID), gid(f, LAP_ALT_REMOTEGID),
                        i(f, LAP_ALT_FLOWLABEL), i(f, LAP_ALT_PKTRATE), i(f, LAP_ALT_TFCCLASS), i(f, LAP_ALT_HOPLIM), i(f, LAP_ALT_SL),
                        i(f, LAP_ALT_SUBNETLOCAL), i(f, LAP_ALT_LOCALACKTOUT)));
            case CmNames.APR:
                return new CmMessage.Apr(v(f, APR_LOCALCOMMID), v(f, APR_REMOTECOMMID), i(f, APR_ADDINFOLEN), i(f, APR_STATUS));
            default: return null;
        }
    }

    private static CmPath path(DecodedFrame f, int k) {
        return new CmPath(i(f, PATH_LOCALLID[k]), i(f, PATH_REMOTELID[k]), gid(f, PATH_LOCALGID[k]), gid(f, PATH_REMOTEGID[k]),
            i(f, PATH_FLOWLABEL[k]), i(f, PATH_PKTRATE[k]), i(f, PATH_TFCCLASS[k]), i(f, PATH_HOPLIM[k]), i(f, PATH_SL[k]),
            i(f, PATH_SUBNETLOCAL[k]), i(f, PATH_LOCALACKTOUT[k]));
    }

    private static ServiceId service(DecodedFrame f, io.rocescope.dissector.field.FieldDef id,
                                     io.rocescope.dissector.field.FieldDef space, io.rocescope.dissector.field.FieldDef port) {
        return f.has(space) ? new ServiceId(v(f, id), i(f, space), i(f, port)) : ServiceId.plain(v(f, id));
    }

    private static Gid gid(DecodedFrame f, io.rocescope.dissector.field.FieldDef def) {
        int at = f.find(def);
        assertThat(at).as(def.abbrev()).isNotNegative();
        return Gid.of(f.data(), f.offset(at));
    }

    /** A field's value; the field must be there (a message's values are all on the wire). */
    private static long v(DecodedFrame f, io.rocescope.dissector.field.FieldDef def) {
        int at = f.find(def);
        assertThat(at).as("frame " + f.number() + " " + def.abbrev()).isNotNegative();
        return f.value(at);
    }

    private static int i(DecodedFrame f, io.rocescope.dissector.field.FieldDef def) { return (int) v(f, def); }

    // ---- against the tools' own output ----

    private static <T extends CmMessage> List<T> messages(List<DecodedFrame> frames, Class<T> kind) {
        return frames.stream().map(DecodedFrame::mad).filter(m -> m != null && kind.isInstance(m.cm())).map(m -> kind.cast(m.cm())).toList();
    }

    private static String output(String txt, String who) {
        String part = txt.substring(txt.indexOf("## Output of " + who));
        int next = part.indexOf("\n## ", 5);
        return next > 0 ? part.substring(0, next) : part;
    }

    /** "gid[1] 0000:…:ffff:0a00:0001" of a device in the .txt's set-up section: the GID rdma_cm uses for its IPv4 address. */
    private static Gid printedGid(String txt, String device, int index) {
        Matcher m = Pattern.compile(device + ": node_guid [^\\n]*\\n(?:  gid\\[\\d\\] [^\\n]*\\n)*?  gid\\[" + index + "\\] ([0-9a-f:]+) ")
            .matcher(txt);
        assertThat(m.find()).as(device + " gid[" + index + "]").isTrue();
        String hex = m.group(1).replace(":", "");
        return new Gid(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }

    /**
     * verbs_probe prints each QP's state after the set-up: the client (the active side) its own QPN (the REQ's), the
     * peer's (the REP's), its send PSN (the REP's Starting PSN: each side's Starting PSN is what its receive queue
     * expects), its receive PSN (the REQ's), path MTU, Retry Count and the REP's RNR Retry Count, and its GID index;
     * the server what the REQ asked (initiator depth, responder resources, RNR retry, retry).
     */
    @ParameterizedTest
    @ValueSource(strings = {"rnr_nak", "send_write_imm", "nak_remote_access_write"})
    void verbsProbeSetUpsCarryWhatItPrinted(String name) throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve(name + ".txt"));
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        CmMessage.Req req = messages(frames, CmMessage.Req.class).get(0);
        CmMessage.Rep rep = messages(frames, CmMessage.Rep.class).get(0);
        assertThat(rep.remoteCommId()).isEqualTo(req.localCommId());

        Matcher qp = Pattern.compile("QP local qpn=0x(\\w+) dest_qpn=0x(\\w+) state=\\d+ sq_psn=0x(\\w+) rq_psn=0x(\\w+) path_mtu=(\\d+)"
            + " timeout=\\d+ retry_cnt=(\\d+) rnr_retry=(\\d+) min_rnr_timer=\\d+ sgid_index=(\\d+)").matcher(output(txt, "client"));
        assertThat(qp.find()).as("client's QP line").isTrue();
        assertThat(req.localQpn()).isEqualTo(Integer.parseInt(qp.group(1), 16));
        assertThat(rep.localQpn()).isEqualTo(Integer.parseInt(qp.group(2), 16));
        assertThat(rep.startingPsn()).as("REP PSN = client's sq_psn").isEqualTo(Integer.parseInt(qp.group(3), 16));
        assertThat(req.startingPsn()).as("REQ PSN = client's rq_psn").isEqualTo(Integer.parseInt(qp.group(4), 16));
        assertThat(128 << req.pathMtu()).isEqualTo(Integer.parseInt(qp.group(5)));
        assertThat(req.retryCount()).isEqualTo(Integer.parseInt(qp.group(6)));
        assertThat(rep.rnrRetryCount()).as("the active side's RNR retry is the REP's").isEqualTo(Integer.parseInt(qp.group(7)));
        int gidIndex = Integer.parseInt(qp.group(8));
        assertThat(req.primaryPath().localGid()).isEqualTo(printedGid(txt, "rxe_a", gidIndex));
        assertThat(req.primaryPath().remoteGid()).isEqualTo(printedGid(txt, "rxe_b", gidIndex));

        Matcher asked = Pattern.compile("connect request: remote qpn 0x(\\w+), private data \\d+ bytes, initiator_depth (\\d+)"
            + " responder_resources (\\d+) rnr_retry (\\d+) retry (\\d+)").matcher(output(txt, "server"));
        assertThat(asked.find()).as("server's connect request line").isTrue();
        assertThat(req.localQpn()).isEqualTo(Integer.parseInt(asked.group(1), 16));
        // the passive side's event swaps them (Linux cm.c cm_format_req_event): its initiator depth is the REQ's responder resources
        assertThat(req.responderResources()).isEqualTo(Integer.parseInt(asked.group(2)));
        assertThat(req.initiatorDepth()).isEqualTo(Integer.parseInt(asked.group(3)));
        assertThat(req.rnrRetryCount()).isEqualTo(Integer.parseInt(asked.group(4)));
        assertThat(req.retryCount()).isEqualTo(Integer.parseInt(asked.group(5)));
        Matcher port = Pattern.compile("listening on [\\d.]+ port (\\d+)").matcher(output(txt, "server"));
        assertThat(port.find()).isTrue();
        assertThat(req.serviceId().port()).isEqualTo(Integer.parseInt(port.group(1)));
        assertThat(CmNames.portSpace(req.serviceId().portSpace())).isEqualTo("TCP");
    }

    /** perftest -R prints each side's QPN and GID ("GID: 00:…:255:255:10:00:00:01", decimal bytes); its PSNs are not the CM's. */
    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "write_lat_rc_rdmacm"})
    void perftestRdmaCmSetUpsCarryThePrintedQpnsAndGids(String name) throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve(name + ".txt"));
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        Pattern local = Pattern.compile(" local address: LID \\w+ QPN 0x(\\w+) PSN 0x\\w+\\s*\\n GID: ([\\d:]+)");
        Matcher client = local.matcher(output(txt, "client")), server = local.matcher(output(txt, "server"));
        assertThat(client.find() && server.find()).isTrue();
        CmMessage.Req req = messages(frames, CmMessage.Req.class).stream()
            .filter(r -> r.localQpn() == Integer.parseInt(client.group(1), 16)).findFirst().orElseThrow();
        CmMessage.Rep rep = messages(frames, CmMessage.Rep.class).stream()
            .filter(r -> r.remoteCommId() == req.localCommId()).findFirst().orElseThrow();
        assertThat(rep.localQpn()).isEqualTo(Integer.parseInt(server.group(1), 16));
        assertThat(req.primaryPath().localGid()).isEqualTo(decimalGid(client.group(2)));
        assertThat(req.primaryPath().remoteGid()).isEqualTo(decimalGid(server.group(2)));
        assertThat(req.primaryPath().localGid().mappedIpv4()).as("10.0.0.1, IPv4-mapped").isEqualTo(0x0A000001L);
    }

    private static Gid decimalGid(String printed) {
        String[] parts = printed.split(":");
        byte[] b = new byte[16];
        for (int k = 0; k < 16; k++) b[k] = (byte) Integer.parseInt(parts[k]);
        return Gid.of(b, 0);
    }

    /**
     * rping -p 9999 and ucmatose -p 9998 connect where nothing listens: one REQ names TCP:9999, the other TCP:9998
     * (the commands the .txt lists), and each is answered by a REJ with the reason both clients printed ("error 8").
     */
    @Test
    void theNoListenerConnectsAreRejectedWithThePrintedError() throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve("cm_reject_no_listener.txt"));
        List<Integer> ports = new ArrayList<>();
        Matcher cmd = Pattern.compile("\\[client\\w*\\] \\$ (?:rping|ucmatose) [^\\n]*-p (\\d+)").matcher(txt);
        while (cmd.find()) ports.add(Integer.parseInt(cmd.group(1)));
        assertThat(ports).hasSize(2);
        List<Integer> errors = new ArrayList<>();
        Matcher error = Pattern.compile("RDMA_CM_EVENT_REJECTED, error:? (\\d+)").matcher(txt.substring(txt.indexOf("## Output of client")));
        while (error.find()) errors.add(Integer.parseInt(error.group(1)));
        assertThat(errors).hasSize(2);
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("cm_reject_no_listener"));
        List<CmMessage.Req> reqs = messages(frames, CmMessage.Req.class);
        List<CmMessage.Rej> rejs = messages(frames, CmMessage.Rej.class);
        assertThat(reqs.stream().map(r -> r.serviceId().port())).containsExactlyInAnyOrderElementsOf(ports);
        assertThat(reqs).allSatisfy(r -> assertThat(CmNames.portSpace(r.serviceId().portSpace())).isEqualTo("TCP"));
        assertThat(rejs).hasSize(2);
        assertThat(rejs.stream().map(CmMessage.Rej::reason)).containsExactlyInAnyOrderElementsOf(errors);
        assertThat(rejs.stream().map(CmMessage.Rej::remoteCommId))
            .containsExactlyInAnyOrderElementsOf(reqs.stream().map(CmMessage.Req::localCommId).toList());
        assertThat(rejs).allSatisfy(r -> assertThat(r.messageRejected()).as("REJ of a REQ").isZero());
    }

    /** Records compare by content (the REJ's ARI bytes too), so readers can hold and compare them. */
    @Test
    void rejectRecordsCompareTheirAriByContent() {
        byte[] ari = new byte[72];
        ari[0] = 7;
        CmMessage.Rej a = new CmMessage.Rej(1, 2, 0, 1, 8, ari), b = new CmMessage.Rej(1, 2, 0, 1, 8, ari.clone());
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        ari[0] = 9;   // the record keeps its own copy
        assertThat(a.ari()[0]).isEqualTo((byte) 7);
        assertThat(a).isNotEqualTo(new CmMessage.Rej(1, 2, 0, 1, 8, ari));
    }
}
