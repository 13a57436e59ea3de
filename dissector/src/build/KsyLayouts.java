import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Build step (run by Maven before compiling, with the Java source launcher): where each field of a .ksy sits, for
 * the decoder and the encoder, as the class {@code <Id>Layout}. Unlike KsyTables' layouts (types made only of
 * integers and blobs), these follow a seq as far as its fields have a fixed size, nested types of fixed size and
 * sized blobs included, so headers whose tail varies (an IPv4 header's options, a CM REQ's typed private data,
 * the Ethernet payload) get their fixed part:
 * <ul>
 * <li>the top-level seq's fields: {@code OFF_FIELD}, {@code LEN_FIELD}, {@code SHIFT_FIELD}, {@code MASK_FIELD}
 *     (the field's bytes from the start, their count, and how its value comes out of them read big-endian:
 *     {@code (word >>> SHIFT) & MASK}), and {@code FIXED_SIZE}, the bytes up to the first field of no fixed size;</li>
 * <li>each type's: the same, prefixed by the type ({@code OFF_CM_REQ_LOCAL_QPN}), and {@code FIXED_SIZE_TYPE}.</li>
 * </ul>
 * A .ksy in little-endian or in its file's byte order ({@code meta: endian: le}, or Kaitai's
 * {@code endian: {switch-on: ..., cases: ...}}, as pcap's) gets the same constants if it has no bit field: its
 * integers are whole bytes, SHIFT 0 and MASK the whole word, so its values are read in the file's order at OFF.
 * So does an integer whose type names another order than the file's ({@code u8le} in a big-endian header, as ERF's timestamp),
 * with {@code ORDER_FIELD}, the {@code java.nio.ByteOrder} to read it in.
 * A field of a nested type or a blob has SHIFT 0 and MASK -1 (its bytes, not a value). A field repeated a fixed number
 * of times ({@code repeat: expr} with a number) spans all its elements, with {@code COUNT_FIELD} their number (so
 * element i of a PFC frame's pause times is at {@code OFF + i * LEN / COUNT}). A field of fixed bytes ({@code contents:},
 * a string or a list of numbers and strings: the separators and terminators of perftest's text messages) is as long
 * as they are, and {@code CONTENTS_FIELD} holds them as a String of one char a byte, so that the parser compares with
 * the .ksy's bytes, not its own. A float ({@code f4}, {@code f8}) is its bytes. A .ksy's top-level {@code -constants:}
 * map (values of the format that are no field: the GSI Q_Key, PAUSE's destination address) becomes
 * {@code public static final long NAME}.
 * Fields marked {@code -icrc: variant} (those the RoCE ICRC counts as ones) give the seq an
 * {@code icrcVariantToOnes<Type>(byte[], int)} that sets them so (see {@link #icrcVariant}).
 * <p>
 * Each field that is an unsigned big-endian value (a {@code u1}-{@code u8} or a bit field of at most 8 bytes, not
 * repeated, no blob, not in another byte order than big-endian: no {@code ORDER_}, no little-endian file or type) also
 * gets a reader, {@code read<Field>(byte[] d, int at)}, named as its constants ({@code OFF_BTH_PSN}:
 * {@code readBthPsn}): its value in a header that starts at {@code at}, that is its LEN bytes at {@code at + OFF}
 * read big-endian, shifted and masked as SHIFT and MASK say. So the decoder never chooses a width: the reader's
 * byte loads are the field's. An {@code int} when the value fits in 31 bits, else a {@code long}. Kept tiny, so that
 * C1 (the launcher's only compiler) inlines them: a reader is one call to a private whole-word read of its LEN
 * bytes (5 to 8 bytes are two of them), then the shift and the mask only where they change the word (see
 * {@link #reader} and {@link #words} for the sizes C1 allows).
 * <p>
 * Usage: {@code java -cp snakeyaml.jar KsyLayouts.java OUT_DIR PACKAGE FILE.ksy...}
 */
public final class KsyLayouts {
    private KsyLayouts() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]).resolve(args[1].replace('.', '/'));
        Files.createDirectories(dir);
        for (int i = 2; i < args.length; i++) {
            Path ksy = Path.of(args[i]);
            Map<?, ?> spec;
            try (Reader r = Files.newBufferedReader(ksy, StandardCharsets.UTF_8)) {
                spec = new Yaml(new SafeConstructor(new LoaderOptions())).load(r);
            }
            Map<?, ?> meta = (Map<?, ?>) spec.get("meta");
            // Offsets and sizes do not depend on byte order, SHIFT and MASK do: a layout in another order than
            // big-endian (le, or the file's own order, Kaitai's endian: {switch-on: ...} as pcap's) may hold no bit
            // field (seq refuses them), so its SHIFTs are 0 and MASKs whole words, right for a word read in its order.
            Object endian = meta.get("endian");
            boolean bigEndian = "be".equals(endian);
            if (!bigEndian && !"le".equals(endian) && !(endian instanceof Map<?, ?> sw && sw.containsKey("switch-on")))
                throw new IllegalArgumentException(ksy + ": layouts need meta endian: be, le or {switch-on: ...}");
            String cls = camel((String) meta.get("id")) + "Layout";
            String fileOrder = bigEndian ? "be" : "le".equals(endian) ? "le" : null;   // null: the file's own (switch-on)
            Files.writeString(dir.resolve(cls + ".java"), source(args[1], cls, ksy.getFileName().toString(), spec, fileOrder),
                StandardCharsets.UTF_8);
        }
    }

    private static String source(String pkg, String cls, String file, Map<?, ?> spec, String fileOrder) {
        Map<?, ?> types = spec.get("types") instanceof Map<?, ?> m ? m : Map.of();
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated from ksy/").append(file).append(" by dissector/src/build/KsyLayouts.java: edit the .ksy, not this.\n");
        sb.append("package ").append(pkg).append(";\n\n");
        sb.append("/** Where the fixed-size fields of ksy/").append(file).append(" sit (offsets from the start of their seq). */\n");
        sb.append("public final class ").append(cls).append(" {\n    private ").append(cls).append("() {}\n");
        if (spec.get("-constants") instanceof Map<?, ?> constants) {
            sb.append("\n    // ---- -constants ----\n");
            for (Map.Entry<?, ?> c : constants.entrySet()) {
                if (!(c.getValue() instanceof Number n)) throw new IllegalArgumentException(file + ": constant " + c.getKey() + " is no number");
                sb.append("    public static final long ").append(c.getKey().toString().toUpperCase(Locale.ROOT)).append(" = ")
                    .append(String.format("0x%xL", n.longValue())).append(";\n");
            }
        }
        java.util.Set<Integer> words = new java.util.TreeSet<>();   // the whole-word reads the readers call
        if (spec.get("seq") instanceof List<?> seq) seq(sb, file, "", "top-level seq", seq, types, fileOrder, false, words);
        if (spec.get("instances") instanceof Map<?, ?> instances) instances(sb, file, instances, fileOrder, words);
        for (Map.Entry<?, ?> t : types.entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            if (type.get("seq") instanceof List<?> seq) {
                String name = t.getKey().toString();
                // the generated tree (-tree: layout) and described headers (-opcodes:) read every field big-endian
                boolean generic = type.containsKey("-opcodes") || "layout".equals(type.get("-tree"));
                // a type with a byte order of its own (pcap's record: the file's) is read in it, so no big-endian readers
                Object own = type.get("meta") instanceof Map<?, ?> m ? m.get("endian") : null;
                String order = own == null || "be".equals(own) ? fileOrder : null;
                seq(sb, file, name.toUpperCase(Locale.ROOT) + "_", name, seq, types, order, generic, words);
            }
        }
        if (!words.isEmpty()) words(sb, words);
        return sb.append("}\n").toString();
    }

    /** The constants of a seq's fields up to the first one whose size is not fixed (none if the first is not). */
    private static void seq(StringBuilder out, String file, String prefix, String what, List<?> seq, Map<?, ?> types,
                            String fileOrder, boolean generic, java.util.Set<Integer> words) {
        boolean bigEndian = "be".equals(fileOrder);
        StringBuilder sb = new StringBuilder("\n    // ---- ").append(what).append(" ----\n");
        long bit = 0;
        java.util.TreeMap<Long, Integer> variant = new java.util.TreeMap<>();   // byte -> bits of the fields marked -icrc: variant
        for (Object o : seq) {
            Map<?, ?> attr = (Map<?, ?>) o;
            long bits = bits(attr, types);
            if (bits < 0) break;
            String id = prefix + attr.get("id").toString().toUpperCase(Locale.ROOT);
            boolean bitField = attr.get("type") instanceof String t && t.matches("b[0-9]+");
            if (bitField && !bigEndian) throw new IllegalArgumentException(file + ": " + id + ": bit fields need meta endian: be");
            if (!bitField && bit % 8 != 0) throw new IllegalArgumentException(file + ": " + id + " starts inside a byte");
            long first = bit / 8, len = (bit + bits - 1) / 8 - first + 1;
            boolean value = bits <= 64 && !attr.containsKey("repeat") && (bitField || attr.get("size") == null && isInteger(attr));
            long shift = value ? len * 8 - (bit % 8) - bits : 0;
            sb.append("    public static final int OFF_").append(id).append(" = ").append(first)
                .append(", LEN_").append(id).append(" = ").append(len)
                .append(", SHIFT_").append(id).append(" = ").append(shift).append(";\n");
            sb.append("    public static final long MASK_").append(id).append(" = ")
                .append(!value || bits == 64 ? "-1L" : String.format("0x%xL", (1L << bits) - 1)).append(";\n");
            // The generated tree and described headers read big-endian only, so they refuse an integer in its own order
            String type = String.valueOf(attr.get("type"));
            if (orderOrReader(sb, id, type, fileOrder, value, (int) first, (int) len, (int) shift, bits, words) && generic) {
                throw new IllegalArgumentException(file + ": " + id + ": " + type + " in a -tree: layout or -opcodes: type");
            }
            if (attr.containsKey("repeat")) sb.append("    public static final int COUNT_").append(id).append(" = ").append(attr.get("repeat-expr")).append(";\n");
            if (attr.containsKey("contents")) {
                sb.append("    public static final String CONTENTS_").append(id).append(" = ").append(literal(contents(file, id, attr.get("contents"))))
                    .append(";\n");
            }
            if ("variant".equals(attr.get("-icrc"))) {
                for (long b = bit; b < bit + bits; b++) variant.merge(b / 8, 0x80 >>> (int) (b % 8), (x, y) -> x | y);
            } else if (attr.get("-icrc") != null) {
                throw new IllegalArgumentException(file + ": " + id + ": -icrc: " + attr.get("-icrc") + " (only variant is known)");
            }
            bit += bits;
        }
        if (bit == 0) return;
        if (bit % 8 != 0) throw new IllegalArgumentException(file + ": " + what + ": the fixed fields end inside a byte");
        String suffix = prefix.isEmpty() ? "" : "_" + prefix.substring(0, prefix.length() - 1);
        sb.append("    public static final int FIXED_SIZE").append(suffix).append(" = ").append(bit / 8).append(";\n");
        if (!variant.isEmpty()) icrcVariant(sb, what, suffix, variant);
        out.append(sb);
    }

    /**
     * The top-level instances read at a fixed place ({@code pos:} a number, {@code type:} a whole-byte integer): a value
     * that decides how the seq is read without being one of its fields (IPoIB's pseudo_header_start, the first two bytes,
     * which say whether a destination address or a GRH follows; pcap's magic_head). Each gets OFF_, LEN_ and, in its
     * own byte order, ORDER_; an unsigned big-endian one a reader, as a field does. Computed instances ({@code value:})
     * and ones at a place an expression gives are no layout and are skipped.
     */
    private static void instances(StringBuilder out, String file, Map<?, ?> instances, String fileOrder, java.util.Set<Integer> words) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<?, ?> e : instances.entrySet()) {
            Map<?, ?> attr = (Map<?, ?>) e.getValue();
            if (!(attr.get("pos") instanceof Integer pos) || !isInteger(attr)) continue;
            String type = attr.get("type").toString(), id = e.getKey().toString().toUpperCase(Locale.ROOT);
            long bits = bits(attr, Map.of());
            int len = (int) (bits / 8);
            sb.append("    public static final int OFF_").append(id).append(" = ").append(pos).append(", LEN_").append(id).append(" = ").append(len)
                .append(";\n");
            orderOrReader(sb, id, type, fileOrder, true, pos, len, 0, bits, words);
        }
        if (sb.length() > 0) out.append("\n    // ---- top-level instances at a fixed place ----\n").append(sb);
    }

    /**
     * What tells how to read an integer's value, for a field and an instance alike: {@code ORDER_} for one that names
     * another byte order than its file's (ERF's little-endian timestamp in a big-endian header: its bytes are whole,
     * so SHIFT 0 and MASK the whole word hold, and ORDER says how to read the word); else, for an unsigned big-endian
     * value of at most 8 bytes in a big-endian file, its reader (a signed one would need its sign extended: no .ksy
     * has one). Returns whether the integer has its own order.
     */
    private static boolean orderOrReader(StringBuilder sb, String id, String type, String fileOrder, boolean value, int off, int len,
                                         int shift, long bits, java.util.Set<Integer> words) {
        boolean ownOrder = type.matches("[us][248](be|le)") && !type.endsWith(String.valueOf(fileOrder));
        if (ownOrder) {
            sb.append("    public static final java.nio.ByteOrder ORDER_").append(id).append(" = java.nio.ByteOrder.")
                .append(type.endsWith("le") ? "LITTLE_ENDIAN" : "BIG_ENDIAN").append(";\n");
        } else if ("be".equals(fileOrder) && value && type.matches("b[0-9]+|u[1248](be)?") && len <= Long.BYTES) {
            reader(sb, id, type, off, len, shift, bits);
            words.add(len);
        }
        return ownOrder;
    }

    /**
     * {@code read<Field>(d, at)}: the field's value in a header at {@code at}, from the whole-word read of its LEN bytes
     * at {@code at + OFF}, shifted when the field does not end the word and masked when it does not start it (the
     * word is unsigned, so what the shift leaves above the field is zeros).
     */
    private static void reader(StringBuilder sb, String id, String type, int off, int len, int shift, long bits) {
        boolean wide = bits > Integer.SIZE - 1;   // an int holds 31 bits without a sign
        String value = word(len, off);
        boolean compound = len > Integer.BYTES;   // two words or'ed: parenthesised before a shift or a mask
        if (shift > 0) value = (compound ? "(" + value + ")" : value) + " >>> " + shift;
        if (shift + bits < 8L * len) {
            String mask = String.format(wide ? "0x%xL" : "0x%x", (1L << bits) - 1);
            value = (shift > 0 || compound ? "(" + value + ")" : value) + " & " + mask;
        }
        // 4 bytes that are all the field: Java's int is signed, so widened unsigned
        if (wide && len == Integer.BYTES) value = value + " & 0xffffffffL";
        // at most 31 bits out of a word of 5-8 bytes (a long)
        if (!wide && len > Integer.BYTES) value = "(int) (" + value + ")";
        sb.append("    /** ").append(id.toLowerCase(Locale.ROOT)).append(": ").append(type).append(", ").append(len)
            .append(len == 1 ? " byte" : " bytes").append(" at ").append(off).append(". */\n");
        sb.append("    public static ").append(wide ? "long" : "int").append(" read").append(camel(id.toLowerCase(Locale.ROOT)))
            .append("(byte[] d, int at) { return ").append(value).append("; }\n");
    }

    /**
     * The read of {@code len} bytes at {@code at + off} as a big-endian word: an int for 1-4 bytes (4 bytes as Java's
     * int, signed), a long for 5-8, made of a word of the first {@code len - 4} bytes and one of the last 4.
     */
    private static String word(int len, int off) {
        String at = off == 0 ? "at" : "at + " + off;
        return switch (len) {
            case 1 -> "u8(d, " + at + ")";
            case 2 -> "u16(d, " + at + ")";
            case 3 -> "u24(d, " + at + ")";
            case 4 -> "s32(d, " + at + ")";
            default -> "(long) " + word(len - Integer.BYTES, off) + " << 32 | " + word(Integer.BYTES, off + len - Integer.BYTES)
                + " & 0xffffffffL";
        };
    }

    /**
     * The whole-word reads the readers call (the class must not depend on the decoder). C1 inlines a method of at most
     * 35 bytecodes into the method it compiles, and a level deeper 90% of its parent's limit (NestedInliningSizeRatio):
     * 31, then 27, 24, 21. A reader (at most 27 bytes) is inlined at the first level; so the words it calls must fit 31
     * and theirs 27. Three byte loads with their masks and shifts are 34 bytes, so 3 bytes are a 2-byte and a 1-byte
     * read (17), 4 bytes two 2-byte reads (17), each 2-byte read 21.
     */
    private static void words(StringBuilder sb, java.util.Set<Integer> lens) {
        java.util.Set<Integer> need = new java.util.TreeSet<>();
        for (int len : lens) {
            if (len > Integer.BYTES) { need.add(Integer.BYTES); need.add(len - Integer.BYTES); } else need.add(len);
        }
        if (need.contains(3)) { need.add(2); need.add(1); }
        if (need.contains(4)) need.add(2);
        sb.append("\n    // ---- the readers' big-endian words (bytes unsigned; 4 of them as Java's int) ----\n");
        if (need.contains(1)) sb.append("    private static int u8(byte[] d, int o) { return d[o] & 0xFF; }\n");
        if (need.contains(2)) sb.append("    private static int u16(byte[] d, int o) { return (d[o] & 0xFF) << 8 | d[o + 1] & 0xFF; }\n");
        if (need.contains(3)) sb.append("    private static int u24(byte[] d, int o) { return u16(d, o) << 8 | u8(d, o + 2); }\n");
        if (need.contains(4)) sb.append("    private static int s32(byte[] d, int o) { return u16(d, o) << 16 | u16(d, o + 2); }\n");
    }

    /**
     * The fields marked {@code -icrc: variant} (IBTA Annex A17: fields a router may change, which the ICRC counts as
     * ones): {@code ICRC_VARIANT_END<_TYPE>}, one past the last byte they touch, and {@code icrcVariantToOnes<Type>(b, at)},
     * which sets their bits to ones in a header at {@code at}, one OR a byte.
     */
    private static void icrcVariant(StringBuilder sb, String what, String suffix, java.util.TreeMap<Long, Integer> variant) {
        sb.append("    /** One past the last byte of ").append(what).append(" that holds a field marked -icrc: variant. */\n");
        sb.append("    public static final int ICRC_VARIANT_END").append(suffix).append(" = ").append(variant.lastKey() + 1).append(";\n");
        sb.append("    /** Sets the bits of ").append(what).append("'s fields marked -icrc: variant, of the header at {@code at}, to ones. */\n");
        sb.append("    public static void icrcVariantToOnes").append(camel(suffix.isEmpty() ? "" : suffix.substring(1).toLowerCase(Locale.ROOT)))
            .append("(byte[] b, int at) {\n");
        for (Map.Entry<Long, Integer> e : variant.entrySet()) {
            sb.append("        b[at + ").append(e.getKey()).append("] |= (byte) ").append(String.format("0x%02x", e.getValue())).append(";\n");
        }
        sb.append("    }\n");
    }

    /** An integer field (of whole bytes, in the layout's byte order or its own). */
    private static boolean isInteger(Map<?, ?> attr) {
        return attr.get("type") instanceof String s && s.matches("[us][1248](be|le)?");
    }

    /** The bits a seq attribute spans, or -1 if that is not fixed (repeated by an expression, conditional, sized by one). */
    private static long bits(Map<?, ?> attr, Map<?, ?> types) {
        if (attr.containsKey("if")) return -1;
        if (attr.containsKey("repeat")) {
            if (!"expr".equals(attr.get("repeat")) || !(attr.get("repeat-expr") instanceof Integer n)) return -1;
            Map<Object, Object> one = new java.util.HashMap<>(attr);
            one.remove("repeat");
            long each = bits(one, types);
            return each < 0 || each % 8 != 0 ? -1 : n * each;
        }
        if (attr.containsKey("contents")) return 8L * contents("", attr.get("id").toString(), attr.get("contents")).length();
        Object t = attr.get("type"), size = attr.get("size");
        if (size != null) return size instanceof Integer n ? 8L * n : -1;
        if (!(t instanceof String s)) return -1;
        if (s.matches("[us][1248](be|le)?")) return 8L * (s.charAt(1) - '0');
        if (s.matches("f[48]le")) throw new IllegalArgumentException("field " + attr.get("id") + ": " + s + " is little-endian; the layouts are read big-endian");
        if (s.matches("f[48](be)?")) return 8L * (s.charAt(1) - '0');
        if (s.matches("b[0-9]+")) return Integer.parseInt(s.substring(1));
        if (types.get(s) instanceof Map<?, ?> type && type.get("seq") instanceof List<?> seq) {
            long total = 0;
            for (Object o : seq) {
                long b = bits((Map<?, ?>) o, types);
                if (b < 0) return -1;
                total += b;
            }
            return total % 8 == 0 ? total : -1;
        }
        return -1;
    }

    /**
     * A {@code contents:} as its bytes, one char each (0-255): Kaitai's forms, a string (its UTF-8 bytes) or a list of
     * byte values and strings ({@code [0x3a]}, {@code ["done", 0]}).
     */
    private static String contents(String file, String id, Object contents) {
        StringBuilder sb = new StringBuilder();
        for (Object part : contents instanceof List<?> l ? l : List.of(contents)) {
            if (part instanceof Integer b && b >= 0 && b <= 0xFF) {
                sb.append((char) b.intValue());
            } else if (part instanceof String str) {
                for (byte b : str.getBytes(StandardCharsets.UTF_8)) sb.append((char) (b & 0xFF));
            } else {
                throw new IllegalArgumentException(file + ": " + id + ": contents " + part + " is no byte and no string");
            }
        }
        return sb.toString();
    }

    /** A Java string literal of chars 0-255, the non-printable ones as 3-digit octal escapes (a unicode escape would be read before the lexer). */
    private static String literal(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20 || c > 0x7E) sb.append(String.format("\\%03o", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }

    private static String camel(String snake) {
        StringBuilder sb = new StringBuilder();
        if (snake.isEmpty()) return "";
        for (String part : snake.split("_")) sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        return sb.toString();
    }
}
