package io.rocescope.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The interface names (if_name, or if_description where an interface has no name) a pcapng file's first
 * section describes, as dumpcap writes them ("eth0"): the "interface where known" of the fleet's rows. A
 * classic pcap names none, and neither does a compressed file (read here is only the head of a plain file);
 * then the rows name the capture's file ({@link #of}), which is how such captures are usually told apart
 * (host1-eth0.pcap).
 */
final class PcapngInterfaces {
    private static final int SHB = 0x0A0D0D0A, IDB = 1, IF_NAME = 2, IF_DESCRIPTION = 3, HEAD = 1 << 16;

    private PcapngInterfaces() {}

    /** The rows' interface column: the interfaces' names, else the capture's file name. */
    static String of(Path file) {
        String names = names(file);
        return names != null ? names : file.getFileName() == null ? file.toString() : file.getFileName().toString();
    }

    static String names(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (head.length < 28) return null;
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != SHB) return null;
        if (b.getInt(8) != 0x1A2B3C4D) b.order(ByteOrder.BIG_ENDIAN);
        List<String> names = new ArrayList<>();
        int at = b.getInt(4);
        // the section's Interface Description Blocks come before its packets; stop at the first other block
        while (at > 0 && at + 20 <= head.length) {
            int type = b.getInt(at), length = b.getInt(at + 4);
            if (type != IDB || length < 20 || at + length > head.length) break;
            String name = null, description = null;
            for (int o = at + 16; o + 4 <= at + length - 4; ) {
                int code = b.getShort(o) & 0xFFFF, len = b.getShort(o + 2) & 0xFFFF;
                if (code == 0 || o + 4 + len > at + length - 4) break;
                if (code == IF_NAME) name = new String(head, o + 4, len, StandardCharsets.UTF_8).replace("\0", "");
                if (code == IF_DESCRIPTION) description = new String(head, o + 4, len, StandardCharsets.UTF_8).replace("\0", "");
                o += 4 + ((len + 3) & ~3);
            }
            if (name == null || name.isBlank()) name = description;
            if (name != null && !name.isBlank() && !names.contains(name)) names.add(name);
            at += length;
        }
        return names.isEmpty() ? null : String.join(",", names);
    }
}
