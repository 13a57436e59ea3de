package io.rocescope.cli;

import picocli.CommandLine.Option;

/**
 * -h / --help for a subcommand. Not picocli's standard help options: those also add -V/--version,
 * which in a subcommand swallowed a user's "-V" (verbose, as tshark) and exited 0 having printed only
 * the version: a CI gate could pass by accident. --version belongs to the top level only.
 */
final class HelpOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;
}
