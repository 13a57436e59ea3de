package io.rocescope.cli;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * {@code rocescope fields}: every field name the dissector knows, in the layout of {@code tshark -G fields}:
 * {@code P<TAB>name<TAB>abbrev} for a protocol, {@code F<TAB>name<TAB>abbrev<TAB>type<TAB>protocol<TAB>base<TAB>bitmask<TAB>blurb}
 * for a field, so that scripts written for tshark's list read ours.
 */
@Command(name = "fields",
    description = {"List every field name (for -e NAME and -Y), as tshark -G fields does:",
        "P<TAB>name<TAB>abbrev for a protocol, F<TAB>name<TAB>abbrev<TAB>type<TAB>protocol<TAB>base<TAB>bitmask<TAB>blurb for a field;",
        "optionally only the names containing TEXT."})
final class FieldsCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Parameters(index = "0", arity = "0..1", paramLabel = "TEXT", description = "show only names containing TEXT")
    String filter;

    @CommandLine.ParentCommand
    RoceScope root;

    @Override
    public Integer call() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (FieldDef f : Fields.all()) {
            if (filter != null && !f.abbrev().contains(filter)) continue;
            line(sb, f);
        }
        root.stdout().write(sb.toString().getBytes(StandardCharsets.UTF_8));
        root.stdout().flush();
        return RoceScope.EXIT_OK;
    }

    static void line(StringBuilder sb, FieldDef f) {
        String abbrev = f.abbrev();
        if (f.type() == io.rocescope.dissector.field.FieldType.PROTOCOL && protocolOf(abbrev).equals(abbrev)) {
            sb.append("P\t").append(f.label()).append('\t').append(abbrev).append('\n');
            return;
        }
        sb.append("F\t").append(f.label()).append('\t').append(abbrev).append('\t').append(type(f)).append('\t')
            .append(protocolOf(abbrev)).append('\t').append(base(f)).append("\t0x0\t").append(blurb(f)).append('\n');
    }

    /** tshark's description column: whether the field is hidden, and the Wireshark name it is also selected as. */
    static String blurb(FieldDef f) {
        String b = f.hidden() ? "(hidden)" : "";
        if (f.alias() != null) b += (b.isEmpty() ? "" : " ") + "also selected as " + f.alias().abbrev() + ", Wireshark's name";
        return b;
    }

    /** The protocol a field belongs to: its first name part ({@code _ws.expert}, {@code _ws.col}: the first two). */
    static String protocolOf(String abbrev) {
        int dot = abbrev.indexOf('.');
        if (abbrev.startsWith("_ws.") && dot >= 0) dot = abbrev.indexOf('.', dot + 1);
        return dot < 0 ? abbrev : abbrev.substring(0, dot);
    }

    /** Wireshark's FT_ name (integers as FT_UINT32, or FT_UINT64 when they need more than 8 hex digits). */
    static String type(FieldDef f) {
        return switch (f.type()) {
            case PROTOCOL -> "FT_NONE";
            case UINT -> f.hexDigits() > 8 ? "FT_UINT64" : "FT_UINT32";
            case BOOLEAN -> "FT_BOOLEAN";
            case ETHER -> "FT_ETHER";
            case IPV4 -> "FT_IPv4";
            case IPV6 -> "FT_IPv6";
            case BYTES -> "FT_BYTES";
            case STRING -> "FT_STRING";
            case DOUBLE -> "FT_DOUBLE";
            case RELATIVE_TIME -> "FT_RELATIVE_TIME";
            case ABSOLUTE_TIME -> "FT_ABSOLUTE_TIME";
        };
    }

    static String base(FieldDef f) {
        if (f.type() != io.rocescope.dissector.field.FieldType.UINT) return "";
        return switch (f.base()) {
            case HEX -> "BASE_HEX";
            case DEC_HEX -> "BASE_DEC_HEX";
            default -> "BASE_DEC";
        };
    }
}
