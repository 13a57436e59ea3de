package io.rocescope.cli;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/** {@code rocescope fields}: every field name the dissector knows (as tshark -G fields). */
@Command(name = "fields",
    description = "List every field name (for -T fields -e NAME), its type and label; optionally only those containing TEXT.")
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
            sb.append(f.abbrev()).append('\t').append(f.type().name().toLowerCase()).append('\t').append(f.label());
            if (f.alias() != null) sb.append(" (also selected as ").append(f.alias().abbrev()).append(", Wireshark's name)");
            sb.append('\n');
        }
        root.stdout().write(sb.toString().getBytes(StandardCharsets.UTF_8));
        root.stdout().flush();
        return RoceScope.EXIT_OK;
    }
}
