package io.rocescope.cli;

import io.rocescope.flow.Reports;
import picocli.CommandLine.Command;

import java.util.Locale;

/** {@code rocescope flows}: one block per connection with both directions' counts. */
@Command(name = "flows",
    description = "List the connections (QP pairs) and their flows: set-up, endpoints, packets, messages, PSN gaps, retransmissions, NAKs, RTT.")
final class FlowsCommand extends AnalysisCommand {
    @Override
    Object jsonView(Reports.Analysis a) { return a.connections(); }

    @Override
    void text(Reports.Analysis a, StringBuilder sb) {
        timings = false;
        sb.append(String.format(Locale.ROOT, "%-4s %-8s %-10s %-4s %-32s %-32s %s%n", "ID", "Setup", "Paired by", "Tr", "Endpoint A", "Endpoint B", "MTU"));
        for (Reports.ConnectionReport c : a.connections()) {
            sb.append(String.format(Locale.ROOT, "%-4d %-8s %-10s %-4s %-32s %-32s %s%n", c.id(), c.setup().json(), c.pairedBy(),
                c.transport(), Fmt.endpoint(c.a()), Fmt.endpoint(c.b()), c.mtu() == null ? "?" : c.mtu() + " (" + c.mtuSource() + ")"));
            direction(sb, "A→B", c.aToB(), c.a());
            direction(sb, "B→A", c.bToA(), c.b());
            ParametersText.append(sb, c);
        }
        sb.append(a.connections().size()).append(" connections, ");
        // beyond the listed ones, evicted connections only counted (see the flow-table line)
        if (a.summary().connections() > a.connections().size()) sb.append("of ").append(a.summary().connections()).append(" in all, ");
        sb.append(a.summary().flows()).append(" flows\n");
        if (timings) {
            sb.append("RTT: request to the ACK or response that covers it, only requests sent once (Karn's rule).\n")
              .append("req→ACK incl. retries: from a request's first transmission to that answer, retransmissions and RNR waits included.\n");
        }
    }

    /** Set when a flow shows a timing: the legend under the table says what each one measures. */
    private boolean timings;

    private void direction(StringBuilder sb, String label, Reports.FlowReport f, Reports.EndpointReport sender) {
        if (f == null) return;
        Reports.PsnReport p = f.psn();
        Reports.AckReport k = f.answers();
        sb.append(String.format(Locale.ROOT, "     %s %7d pkts %10s  %5d msgs", label, f.packets(), Fmt.bytes(f.bytes()),
            f.messages().count() + f.readResponseMessages().count()));
        long incomplete = f.messages().incomplete() + f.readResponseMessages().incomplete();
        if (incomplete > 0) sb.append(" (+").append(incomplete).append(" incomplete)");
        if (p.firstPsn() != null) {
            sb.append(String.format(Locale.ROOT, "  first PSN %d", p.firstPsn()));
            // where a set-up (CM REQ/REP, a socket exchange) announced it, also in the hex the set-up shows
            if (sender != null && sender.startPsn() != null) {
                sb.append(String.format(Locale.ROOT, " (0x%06x%s)", p.firstPsn(), sender.startPsn().equals(p.firstPsn())
                    ? "" : String.format(Locale.ROOT, "; set-up announced 0x%06x = %d", sender.startPsn(), sender.startPsn())));
            }
        }
        if (p.gaps() > 0) sb.append("  gaps ").append(p.gaps()).append(" (").append(p.missingPsns()).append(" PSNs)");
        if (p.retransmittedPackets() > 0) sb.append("  resent ").append(p.retransmittedPackets()).append(" in ").append(p.retransmissionEpisodes()).append(" episodes");
        if (k.acks() > 0) sb.append("  ACKs ").append(k.acks());
        k.naks().forEach((n, c) -> sb.append("  NAK ").append(n).append(' ').append(c));
        if (k.rnrNaks() > 0) sb.append("  RNR NAKs ").append(k.rnrNaks());
        if (k.rttMicros().count() > 0) {
            timings = true;
            sb.append("  RTT p50 ").append(Fmt.micros(k.rttMicros().median())).append(" p99 ").append(Fmt.micros(k.rttMicros().p99()));
        }
        Reports.DistReport all = k.requestToAckIncludingRetriesMicros();
        if (all.count() > k.rttMicros().count()) {
            // some requests were resent: how long they took in all, under its own name
            timings = true;
            sb.append("  req→ACK incl. retries p50 ").append(Fmt.micros(all.median())).append(" p99 ").append(Fmt.micros(all.p99()));
        }
        if (f.ceMarked() > 0) sb.append("  CE ").append(f.ceMarked());
        if (f.cnps() > 0) sb.append("  CNPs ").append(f.cnps());
        if (f.badIcrc() > 0) sb.append("  bad ICRC ").append(f.badIcrc());
        sb.append('\n');
        String fabric = FabricText.flowLine(f.fabric());
        if (fabric != null) sb.append(fabric).append('\n');
    }
}
