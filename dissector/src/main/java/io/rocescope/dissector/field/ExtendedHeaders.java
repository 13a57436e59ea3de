package io.rocescope.dissector.field;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The described extended headers on the class path ({@link ExtendedHeader}s listed in META-INF/services), their
 * fields registered after every hand-registered one (so no existing field's id moves), and which opcode carries
 * which. The product ships none: this is the path a header added by a .ksy alone takes (the dissector's tests
 * load a made-up one). A described header may not take an opcode ksy/ib_transport.ksy defines, nor one another
 * described header took: the class path is refused at start, so the two decoders can never disagree on a frame.
 */
public final class ExtendedHeaders {
    private ExtendedHeaders() {}

    /** A described header with its registry entries: {@code fields[i]} is {@code header.fields().get(i)}'s. */
    public record Entry(ExtendedHeader header, FieldDef protocol, FieldDef[] fields) {}

    // declared before the static block: Fields' initialisation may call register() from inside it
    private static final Entry[] BY_OPCODE = new Entry[256];
    private static final List<Entry> ALL = new ArrayList<>();

    // Touching this class first must still register everything through the registry.
    static {
        Fields.all();
    }

    /** Called once, by {@link Fields}, after its own entries. */
    static void register() {
        for (ExtendedHeader h : ServiceLoader.load(ExtendedHeader.class, ExtendedHeader.class.getClassLoader())) {
            FieldDef[] defs = new FieldDef[h.fields().size()];
            Entry e = new Entry(h, Fields.ksy(h.protocol()), defs);
            for (int i = 0; i < defs.length; i++) defs[i] = Fields.ksy(h.fields().get(i).spec());
            claim(BY_OPCODE, e);
            ALL.add(e);
        }
    }

    /** Files {@code e} under each of its opcodes, refusing one ib_transport.ksy defines or another header took. */
    static void claim(Entry[] byOpcode, Entry e) {
        ExtendedHeader h = e.header();
        for (int op : h.opcodes()) {
            if (op < 0 || op > 255) throw new IllegalStateException(h.name() + ": opcode " + op + " is not a byte");
            if (OpcodeTable.isDefined(op)) {
                throw new IllegalStateException(String.format("%s: opcode 0x%02x is ksy/ib_transport.ksy's", h.name(), op));
            }
            if (byOpcode[op] != null) {
                throw new IllegalStateException(String.format("%s: opcode 0x%02x is %s's already", h.name(), op,
                    byOpcode[op].header().name()));
            }
        }
        for (int op : h.opcodes()) byOpcode[op] = e;
    }

    /** The described header an opcode carries, or null (always null for the opcodes ib_transport.ksy defines). */
    public static Entry forOpcode(int opcode) {
        return BY_OPCODE[opcode & 0xFF];
    }

    /** Every described header found, in the order they were found. */
    public static List<Entry> all() {
        return List.copyOf(ALL);
    }
}
