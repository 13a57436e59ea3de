package io.rocescope.cli.probe;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldInterest;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface;

import java.util.Arrays;

/**
 * A test's stand-in for a target's CM, run in its own network namespace: answers each CM REQ that reaches
 * its interface as told (REJ reason 8 "invalid service ID" as Linux does when nothing listens on the port,
 * or a REP as a listener would, or an MRA and then that REJ), and prints one line per frame it took
 * ("REQ tid=… t=…", "REJ from-us commid=…") so that the test can check what reached it and when.
 * Usage: CmResponder IFACE rej|rep|mra|silent SECONDS [IGNORED_DSCP]: with IGNORED_DSCP, REQs of that DSCP are
 * logged ("IGNORED dscp=…") but not answered, as a fabric that drops one traffic class would leave them (this
 * host's kernel has no tc classifiers to drop them on the way).
 */
public final class CmResponder {
    private static int ignoredDscp = -1;

    public static void main(String[] args) throws Exception {
        String iface = args[0], mode = args[1];
        ignoredDscp = args.length > 3 ? Integer.parseInt(args[3]) : -1;
        long end = System.nanoTime() + (long) (Double.parseDouble(args[2]) * 1e9);
        PcapHandle h = new PcapHandle.Builder(iface).timestampPrecision(PcapHandle.TimestampPrecision.NANO).snaplen(2048).promiscuousMode(PcapNetworkInterface.PromiscuousMode.PROMISCUOUS)
            .timeoutMillis(20).immediateMode(true).build();
        h.setFilter("udp dst port 4791", BpfProgram.BpfCompileMode.OPTIMIZE);
        FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.all());
        CaptureRecord rec = new CaptureRecord();
        // warm up: the first decode loads the field registry, which must not delay the first answer
        byte[] warm = CmMads.frame(new Net(new byte[6], new byte[6], new byte[4], new byte[4], -1, 0, 1, 0), 0, CmMads.rej(1, 1, 1, 8));
        rec.data = warm;
        rec.capturedLength = rec.originalLength = warm.length;
        rec.linkType = 1;
        decoder.decode(rec);
        System.out.println("READY");
        System.out.flush();
        // libpcap's own loop: frames one by one with pcap_next_ex came late or not at all (the first was lost)
        int[] psn = {1};
        Thread stopper = new Thread(() -> {
            try {
                while (System.nanoTime() < end) Thread.sleep(50);
                h.breakLoop();
            } catch (Exception ignored) {
                // over
            }
        });
        stopper.setDaemon(true);
        stopper.start();
        try {
            h.loop(-1, (byte[] d) -> {
                try {
                    answer(h, decoder, rec, d, mode, psn);
                } catch (Exception e) {
                    e.printStackTrace();
                }
            });
        } catch (InterruptedException e) {
            // the time is up
        }
        h.close();
    }

    private static void answer(PcapHandle h, FrameDecoder decoder, CaptureRecord rec, byte[] d, String mode, int[] psnBox) throws Exception {
        int psn = psnBox[0];
        try {
            rec.data = d;
            rec.capturedLength = d.length;
            rec.originalLength = d.length;
            rec.linkType = 1;
            rec.number++;
            java.sql.Timestamp ts = h.getTimestamp();
            rec.timestampNanos = Math.floorDiv(ts.getTime(), 1000L) * 1_000_000_000L + ts.getNanos();
            DecodedFrame f = decoder.decode(rec);
            if (System.getenv("RS_DEBUG") != null) System.err.println("frame " + d.length + " mad=" + f.has(CmFields.MAD) + " " + f.protocol());
            if (!f.has(CmFields.MAD)) return;
            int attr = (int) f.get(CmFields.MAD_ATTRIBUTEID, -1);
            long tid = f.get(CmFields.MAD_TRANSACTIONID, -1);
            System.out.println(String.format("%s tid=%x t=%d icrc=%s", name(attr), tid, rec.timestampNanos, f.icrcStatus().word()));
            System.out.flush();
            if (attr != CmNames.REQ || mode.equals("silent")) return;
            if ((d[15] & 0xFF) >>> 2 == ignoredDscp) {
                System.out.println("IGNORED dscp=" + ignoredDscp + " tid=" + Long.toHexString(tid));
                System.out.flush();
                return;
            }
            int theirCommId = (int) f.get(CmFields.REQ_LOCALCOMMID, 0);
            // answer to where the REQ came from: its MACs and addresses, reversed
            Net net = new Net(Arrays.copyOfRange(d, 0, 6), Arrays.copyOfRange(d, 6, 12), Arrays.copyOfRange(d, 30, 34),
                Arrays.copyOfRange(d, 26, 30), -1, 0, 49999, 0);
            int ours = 0x5EED0000 | (psn & 0xFFFF);
            if (mode.equals("mra")) {
                byte[] mra = mra(tid, ours, theirCommId, 14);
                h.sendPacket(CmMads.frame(net, psn++, mra));
                Thread.sleep(50);
            }
            byte[] answer = mode.equals("rep") ? CmMads.rep(tid, ours, theirCommId, 0x0000AB, 0x123456, 0x0200000AFFFE0002L)
                : CmMads.rej(tid, ours, theirCommId, 8);
            h.sendPacket(CmMads.frame(net, psn++, answer));
        } finally {
            psnBox[0] = psn;
        }
    }

    /** An MRA of a REQ (Message MRAed 0) asking for service timeout {@code timeout} (4.096 µs × 2^timeout). */
    private static byte[] mra(long tid, int localCommId, int remoteCommId, int timeout) {
        byte[] m = CmMads.rej(tid, localCommId, remoteCommId, 0);
        m[16] = 0;
        m[17] = 0x11;                      // attribute ID: MRA
        Arrays.fill(m, 24 + 8, m.length, (byte) 0);
        m[24 + 9] = (byte) (timeout << 3); // service timeout, bits 7:3
        return m;
    }

    private static String name(int attr) {
        return switch (attr) {
            case CmNames.REQ -> "REQ";
            case CmNames.REJ -> "REJ";
            case CmNames.REP -> "REP";
            case 0x11 -> "MRA";
            default -> "MAD" + attr;
        };
    }
}
