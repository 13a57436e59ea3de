package io.rocescope.fleet;

import io.rocescope.dissector.capture.PcapngOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.BLOCK_TYPE_SECTION_HEADER;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.IDB_OPTION_IF_DESCRIPTION;
import static io.rocescope.dissector.field.ksy.PcapngFileKsy.IDB_OPTION_IF_NAME;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.BYTE_ORDER_MAGIC;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.FIXED_SIZE_BLOCK;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.FIXED_SIZE_IDB_BODY;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.FIXED_SIZE_SHB_BODY;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.LEN_BLOCK_TOTAL_LENGTH;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_BLOCK_BLOCK_TYPE;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_BLOCK_TOTAL_LENGTH;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_SHB_BODY_BYTE_ORDER_MAGIC;

/**
 * The interface names (if_name, or if_description where an interface has no name) a pcapng file's first
 * section describes, as dumpcap writes them ("eth0"): the "interface where known" of the fleet's rows. A
 * classic pcap names none, and neither does a compressed file (read here is only the head of a plain file);
 * then the rows name the capture's file ({@link #of}), which is how such captures are usually told apart
 * (host1-eth0.pcap). The blocks are read where ksy/pcapng_file.ksy puts their fields, their options by the walk
 * PcapngReader makes ({@link PcapngOptions}). (PcapngReader would name the interfaces too, but only once it has read
 * up to the first packet, and from compressed files as well.)
 */
final class PcapngInterfaces {
    private static final int HEAD = 1 << 16;
    /** A block ends with its total length again; the smallest section header and interface description. */
    private static final int TRAIL = LEN_BLOCK_TOTAL_LENGTH, MIN_SHB = FIXED_SIZE_BLOCK + FIXED_SIZE_SHB_BODY + TRAIL,
        MIN_IDB = FIXED_SIZE_BLOCK + FIXED_SIZE_IDB_BODY + TRAIL;

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
        if (head.length < MIN_SHB) return null;
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(OFF_BLOCK_BLOCK_TYPE) != BLOCK_TYPE_SECTION_HEADER) return null;
        if (b.getInt(FIXED_SIZE_BLOCK + OFF_SHB_BODY_BYTE_ORDER_MAGIC) != (int) BYTE_ORDER_MAGIC) b.order(ByteOrder.BIG_ENDIAN);
        List<String> names = new ArrayList<>();
        int at = b.getInt(OFF_BLOCK_TOTAL_LENGTH);
        // the section's Interface Description Blocks come before its packets; stop at the first other block
        while (at > 0 && at + MIN_IDB <= head.length) {
            int type = b.getInt(at + OFF_BLOCK_BLOCK_TYPE), length = b.getInt(at + OFF_BLOCK_TOTAL_LENGTH);
            if (type != BLOCK_TYPE_INTERFACE_DESCRIPTION || length < MIN_IDB || at + length > head.length) break;
            String name = null, description = null;
            int end = at + length - TRAIL;   // the options end where the trailing length begins
            PcapngOptions o = new PcapngOptions(head, at + FIXED_SIZE_BLOCK + FIXED_SIZE_IDB_BODY, end, b.order() == ByteOrder.BIG_ENDIAN);
            while (o.next()) {
                if (o.code() == IDB_OPTION_IF_NAME) name = o.text().replace("\0", "");
                if (o.code() == IDB_OPTION_IF_DESCRIPTION) description = o.text().replace("\0", "");
            }
            if (name == null || name.isBlank()) name = description;
            if (name != null && !name.isBlank() && !names.contains(name)) names.add(name);
            at += length;
        }
        return names.isEmpty() ? null : String.join(",", names);
    }
}
