package io.rocescope.cli;

import io.rocescope.flow.TrackerOptions;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import static io.rocescope.dissector.field.ksy.EtherPayloadLayout.MASK_VLAN_TAG_PCP;
import static io.rocescope.dissector.field.ksy.Ipv4PacketLayout.MASK_DSCP;

/** Options of the commands that run the flow tracker. */
final class AnalysisOptions {
    @Option(names = "-T", paramLabel = "FORMAT", description = "output format: text (default) or json")
    String format = "text";

    @Option(names = "--link-speed", paramLabel = "GBPS", description = "link speed for PFC pause quanta, in Gb/s (default 100)")
    double linkGbps = 100;

    @Option(names = "--max-flows", paramLabel = "N", description = "most flows tracked at once (default 50000); older ones are summarized and dropped")
    int maxFlows = 50_000;

    @Option(names = "--cnp-dscp", paramLabel = "DSCP", description = "the DSCP CNPs should ride (e.g. 48); a CNP on another is a finding (default: not checked)")
    int cnpDscp = -1;

    @Option(names = "--cnp-pcp", paramLabel = "PCP", description = "the 802.1p priority CNPs should ride (e.g. 6); default: not checked")
    int cnpPcp = -1;

    @Option(names = "--ce-window-us", paramLabel = "US", description = "how far from a CE mark a CNP may be and still answer it, in microseconds (default 1000)")
    long ceWindowMicros = 1000;

    @Option(names = "--tracker-threads", paramLabel = "N",
        description = "threads that track the connections' packets (default 1); the results are the same for any number")
    int trackerThreads = 1;

    @Option(names = "-c", paramLabel = "N", description = "read only the first N frames")
    long count = -1;

    @Option(names = "-Y", paramLabel = "FILTER", description = "analyze only the frames this display filter keeps (as tshark's -Y)")
    String displayFilter;

    /** The -Y filter, or null. */
    io.rocescope.dissector.filter.DisplayFilter filter(CommandLine cl) {
        if (displayFilter == null) return null;
        try {
            return io.rocescope.dissector.filter.DisplayFilter.parse(displayFilter);
        } catch (io.rocescope.dissector.filter.FilterSyntaxException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    boolean json(CommandLine cl) {
        if (format.equals("json")) return true;
        if (format.equals("text")) return false;
        throw new CommandLine.ParameterException(cl, "unknown output format '" + format + "' (text, json)");
    }

    TrackerOptions trackerOptions(CommandLine cl) {
        if (linkGbps <= 0) throw new CommandLine.ParameterException(cl, "--link-speed must be positive");
        if (maxFlows < 2) throw new CommandLine.ParameterException(cl, "--max-flows must be at least 2");
        if (cnpDscp < -1 || cnpDscp > MASK_DSCP) throw new CommandLine.ParameterException(cl, "--cnp-dscp must be 0-" + MASK_DSCP);
        if (cnpPcp < -1 || cnpPcp > MASK_VLAN_TAG_PCP) throw new CommandLine.ParameterException(cl, "--cnp-pcp must be 0-" + MASK_VLAN_TAG_PCP);
        if (ceWindowMicros <= 0) throw new CommandLine.ParameterException(cl, "--ce-window-us must be positive");
        if (trackerThreads < 1 || trackerThreads > 256) throw new CommandLine.ParameterException(cl, "--tracker-threads must be between 1 and 256");
        return TrackerOptions.defaults().withShards(trackerThreads).withLinkGbps(linkGbps).withMaxFlows(maxFlows).withFabric(io.rocescope.flow.FabricOptions.defaults()
            .withCnpClass(cnpDscp, cnpPcp).withCeAnswerNanos(ceWindowMicros * 1000));
    }
}
