package io.rocescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code rocescope fleet}: hands its arguments to the fleet module's jar (Apache Spark, about 210 MB of it,
 * lives there and in its lib/ folder, not in this jar) in a JVM of its own, whose manifest opens the JDK
 * packages Spark needs. The jar is the {@code rocescope.fleet.jar} property, else {@code ROCESCOPE_FLEET_JAR},
 * else {@code fleet/target/rocescope-fleet.jar} of the build this jar comes from.
 */
@Command(name = "fleet",
    description = {"Analyze many captures on Apache Spark (fleet mode; the fleet module's jar, run for you): rocescope fleet DIR|GLOB... --out DIR",
        "[--master local[*]|spark://HOST:7077|yarn] [--rules PACK.yaml]. 'rocescope fleet --help' lists its options."})
final class FleetCommand implements Callable<Integer> {
    /** Where the fleet jar is, when it is not in this build's fleet/target (tests, installs). */
    static final String JAR_PROPERTY = "rocescope.fleet.jar";

    @Parameters(arity = "0..*", paramLabel = "ARGS", description = "the fleet command's arguments, passed on as given")
    List<String> args = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path jar = jar();
        if (jar == null || !Files.isRegularFile(jar)) {
            spec.commandLine().getErr().println("rocescope: fleet mode is not built" + (jar == null ? "" : " (no " + jar + ")")
                + ": mvn -B -DskipTests package -pl fleet -am, or set ROCESCOPE_FLEET_JAR to rocescope-fleet.jar");
            return RoceScope.EXIT_USAGE;
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        String opts = System.getenv("ROCESCOPE_FLEET_JAVA_OPTS");   // e.g. -Xmx8g for the driver of a big local run
        if (opts != null && !opts.isBlank()) command.addAll(List.of(opts.trim().split("\\s+")));
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        spec.commandLine().getErr().flush();
        Process p = new ProcessBuilder(command).inheritIO().start();
        return p.waitFor();
    }

    /** The fleet jar: the property, else the environment variable, else fleet/target beside this jar's analyzer-cli/target. */
    private static Path jar() {
        String named = System.getProperty(JAR_PROPERTY, System.getenv("ROCESCOPE_FLEET_JAR"));
        if (named != null && !named.isBlank()) return Path.of(named);
        try {
            Path self = Path.of(FleetCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = self.getParent();
            if (target == null || target.getParent() == null || target.getParent().getParent() == null) return null;
            return target.getParent().getParent().resolve("fleet/target/rocescope-fleet.jar");
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
    }
}
