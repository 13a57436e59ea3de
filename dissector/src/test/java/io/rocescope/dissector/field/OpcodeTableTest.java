package io.rocescope.dissector.field;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opcode → headers table the build generates from ksy/ib_transport.ksy's switch (header bits in the order
 * it finds, each header's -abbrev) against an independent source: the table of operations and their headers in
 * ../shared/reference/roce-wire-facts.md (from rxe's opcode table and Wireshark's), read here as it is written.
 * Walking an opcode's bits lowest first must give its headers in that table's wire order, under the same names.
 */
class OpcodeTableTest {
    /** A row of the reference table: "| 0x0B | RDMA WRITE Only w/ Imm | RETH ImmDt | RETH ImmDt | RDETH DETH RETH ImmDt | – | yes |". */
    private static final Pattern ROW = Pattern.compile("^\\| 0x([0-9A-F]{2}) \\|[^|]*\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|");
    /** The transports' columns: RC (and XRC), UC, RD, UD, and where their opcodes start. */
    private static final int[] BASE = {0x00, 0x20, 0x40, 0x60};

    @Test
    void everyOpcodesClassIsWhatItsNameInTheReferenceSays() throws IOException {
        // IBTA vol 1 9.2, table 38, by the operation names of the reference's table (the low 5 bits of the opcode; the
        // same operation in every transport that defines it): "... First", "... Middle", "... Last ...", "... Only ...",
        // "RDMA READ Response ...", "Acknowledge", "ATOMIC Acknowledge", "RDMA READ Request", "CmpSwap", "FetchAdd".
        // CNPs (0x80, 0x81), undefined opcodes and 0xC0-0xFF have no class.
        Map<Integer, String> names = operationNames();
        assertThat(names).containsEntry(0x05, "SEND Only w/ Immediate").containsEntry(0x11, "Acknowledge");
        int packets = 0, responses = 0;
        for (int op = 0; op < 256; op++) {
            int transport = op >>> 5;
            boolean operations = transport <= 3 || transport == 5;   // RC, UC, RD, UD, XRC
            String name = OpcodeTable.isDefined(op) && operations ? names.getOrDefault(op & 0x1F, "") : "";
            boolean readResponse = name.startsWith("RDMA READ Response "), ack = name.equals("Acknowledge"),
                atomicAck = name.equals("ATOMIC Acknowledge");
            String as = String.format("opcode 0x%02x (%s)", op, name);
            assertThat(OpcodeTable.isFirst(op)).as(as).isEqualTo(name.endsWith(" First"));
            assertThat(OpcodeTable.isMiddle(op)).as(as).isEqualTo(name.endsWith(" Middle"));
            assertThat(OpcodeTable.isLast(op)).as(as).isEqualTo(name.contains(" Last"));
            assertThat(OpcodeTable.isOnly(op)).as(as).isEqualTo(name.contains(" Only"));
            assertThat(OpcodeTable.isReadResponse(op)).as(as).isEqualTo(readResponse);
            assertThat(OpcodeTable.isAck(op)).as(as).isEqualTo(ack);
            assertThat(OpcodeTable.isAtomicAck(op)).as(as).isEqualTo(atomicAck);
            assertThat(OpcodeTable.isResponse(op)).as(as).isEqualTo(readResponse || ack || atomicAck);
            assertThat(OpcodeTable.isReadRequest(op)).as(as).isEqualTo(name.equals("RDMA READ Request"));
            assertThat(OpcodeTable.isAtomicRequest(op)).as(as).isEqualTo(name.equals("CmpSwap") || name.equals("FetchAdd"));
            assertThat(OpcodeTable.isCnp(op)).as(as).isEqualTo(op == 0x80 || op == 0x81);
            if (name.matches(".* (First|Middle|Last|Only)( .*)?")) packets++;
            if (readResponse || ack || atomicAck) responses++;
        }
        // SEND and WRITE (12 each of RC, UC, RD, XRC, 2 of UD), READ responses (4 each of RC, RD, XRC), and the
        // SEND with Invalidate of RC and XRC; the responses of RC, RD and XRC
        assertThat(packets).isEqualTo(4 * 12 + 2 + 3 * 4 + 2 * 2);
        assertThat(responses).isEqualTo(3 * 6);
    }

    @Test
    void everyOpcodeWalksTheReferenceHeadersInWireOrder() throws IOException {
        Map<Integer, List<String>> expected = reference();
        assertThat(expected).hasSizeGreaterThan(60);
        int compared = 0;
        List<Integer> undefinedWithHeaders = new ArrayList<>();
        for (Map.Entry<Integer, List<String>> e : expected.entrySet()) {
            int op = e.getKey();
            if (!OpcodeTable.isDefined(op)) {
                if (!e.getValue().isEmpty()) undefinedWithHeaders.add(op);
                continue;
            }
            assertThat(walk(op)).as("opcode 0x%02x", op).isEqualTo(e.getValue());
            compared++;
        }
        assertThat(compared).isGreaterThan(50);
        // The reference names headers only for operations a transport has, with one exception the .ksy does not
        // follow: RD ATOMIC WRITE (0x5D), marked "(WS)", which neither tshark 4.0 nor rxe defines; it decodes as an
        // unknown opcode, as in tshark.
        assertThat(undefinedWithHeaders).containsExactly(0x5D);
        // the CNP (0x81) carries its 16 bytes of padding, and nothing else does
        assertThat(walk(0x81)).containsExactly("CNP padding");
        assertThat(OpcodeTable.size(headerNamed("CNP padding"))).isEqualTo(16);
    }

    @Test
    void sizesAreTheReferenceSizes() {
        // roce-wire-facts.md section 3
        Map<String, Integer> sizes = Map.of("RDETH", 4, "DETH", 8, "RETH", 16, "AtomicETH", 28, "AETH", 4,
            "AtomicAckETH", 8, "ImmDt", 4, "IETH", 4, "XRCETH", 4, "FETH", 4);
        sizes.forEach((name, size) -> assertThat(OpcodeTable.size(headerNamed(name))).as(name).isEqualTo(size));
    }

    /** The names of an opcode's headers, walking its bits lowest first as the decoder does. */
    private static List<String> walk(int op) {
        List<String> names = new ArrayList<>();
        int headers = OpcodeTable.headers(op);
        for (int bit = 1; bit <= OpcodeTable.LAST_HEADER; bit <<= 1) if ((headers & bit) != 0) names.add(OpcodeTable.name(bit));
        return names;
    }

    private static int headerNamed(String name) {
        for (int bit = 1; bit <= OpcodeTable.LAST_HEADER; bit <<= 1) if (OpcodeTable.name(bit).equals(name)) return bit;
        throw new AssertionError("no header named " + name);
    }

    /**
     * Each opcode the reference's table covers and the headers it lists; XRC (0xA0 + op) requests are RC's with
     * XRCETH first, its responses (READ responses, ACK, ATOMIC ACK: 0xAD-0xB2) RC's alone, as its footnote says.
     */
    private static Map<Integer, List<String>> reference() throws IOException {
        Path facts = TestCaptures.dir().resolveSibling("reference").resolve("roce-wire-facts.md");
        Map<Integer, List<String>> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(facts);
        Set<Integer> xrcDefined = xrcDefined(lines);
        for (String line : lines) {
            Matcher m = ROW.matcher(line);
            if (!m.find()) continue;
            int op = Integer.parseInt(m.group(1), 16);
            if (op > 0x1F) continue;   // another table of the file (the opcode prefixes)
            for (int t = 0; t < BASE.length; t++) out.put(BASE[t] + op, headers(m.group(2 + t)));
            if (!xrcDefined.contains(0xA0 + op)) continue;
            List<String> xrc = new ArrayList<>(headers(m.group(2)));
            boolean response = op >= 0x0D && op <= 0x12;
            if (!response) xrc.add(0, "XRCETH");
            out.put(0xA0 + op, xrc);
        }
        return out;
    }

    /** The operation names of the reference's table by code: "| 0x05 | SEND Only w/ Immediate | …" → 5, "SEND Only w/ Immediate". */
    private static Map<Integer, String> operationNames() throws IOException {
        Pattern name = Pattern.compile("^\\| 0x([0-9A-F]{2}) \\|([^|]*)\\|");
        Map<Integer, String> out = new TreeMap<>();
        for (String line : Files.readAllLines(TestCaptures.dir().resolveSibling("reference").resolve("roce-wire-facts.md"))) {
            Matcher m = name.matcher(line);
            int op;
            if (!m.find() || (op = Integer.parseInt(m.group(1), 16)) > 0x1F) continue;   // another table (the opcode prefixes)
            out.put(op, m.group(2).replaceAll("\\(.*?\\)", "").trim());
        }
        return out;
    }

    /** The footnote's "Defined XRC codes in WS: 0xA0-0xB4, 0xB6, 0xB7, 0xBC, 0xBD." */
    private static Set<Integer> xrcDefined(List<String> lines) {
        String all = String.join(" ", lines);
        Matcher m = Pattern.compile("Defined XRC codes in WS:\\s*([0-9A-Fx, -]+)\\.").matcher(all);
        assertThat(m.find()).as("the reference's list of XRC opcodes").isTrue();
        Set<Integer> codes = new TreeSet<>();
        for (String part : m.group(1).split(",")) {
            String[] range = part.trim().split("-");
            int from = Integer.decode(range[0]), to = range.length > 1 ? Integer.decode(range[1]) : from;
            for (int c = from; c <= to; c++) codes.add(c);
        }
        return codes;
    }

    /** "RDETH DETH (WS)" → [RDETH, DETH]; "–" → []. */
    private static List<String> headers(String cell) {
        List<String> names = new ArrayList<>();
        for (String w : cell.replaceAll("\\(.*?\\)", "").trim().split("\\s+")) {
            if (!w.isEmpty() && !w.equals("–")) names.add(w);
        }
        return names;
    }
}
