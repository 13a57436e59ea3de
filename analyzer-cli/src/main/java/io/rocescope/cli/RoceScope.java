package io.rocescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The {@code rocescope} command: a tshark-like front end to the dissector and flow tracker. */
@Command(name = "rocescope", mixinStandardHelpOptions = true, version = "rocescope 0.1.0",
    description = "RoCEv2 / InfiniBand packet analyzer for pcap and pcapng captures.")
public final class RoceScope implements Runnable {
    /** The subcommands, in the order help lists them. */
    private static final Class<?>[] COMMANDS = {DissectCommand.class, FlowsCommand.class, TimelineCommand.class,
        ExpertCommand.class, StatsCommand.class, CheckCommand.class, ReportCommand.class, SynthCommand.class, FieldsCommand.class,
        CaptureCommand.class, ProbeCommand.class, GuiCommand.class, FleetCommand.class, CommandLine.HelpCommand.class};

    /** Exit codes: 0 fine, 1 a check failed, 2 usage or input error, 141 the output's reader went away (SIGPIPE's). */
    public static final int EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_PIPE = 141;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Standard output as bytes: the frame sinks write UTF-8 lines straight into it. */
    private OutputStream stdout = OutputStream.nullOutputStream();

    OutputStream stdout() { return stdout; }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (try: rocescope dissect FILE)");
    }

    public static void main(String[] args) {
        // File descriptor 1 without System.out's encoder: the sinks hand it large UTF-8 batches.
        OutputStream out = new StandardOutput();
        System.exit(run(args, out, new PrintWriter(System.err, true)));
    }

    private static Class<?> command(String name) {
        for (Class<?> c : COMMANDS) {
            if (c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(name)) return c;
        }
        return null;
    }

    private static Object newCommand(Class<?> c) {
        try {
            var constructor = c.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + c.getSimpleName(), e);
        }
    }

    /** One line for a failure that reached the top: what and where, never a stack trace. */
    static String describe(Throwable ex) {
        if (ex instanceof StandardOutput.Failed) return ex.getMessage();
        if (ex instanceof OutOfMemoryError) return "out of memory (" + ex.getMessage() + "); a smaller --max-flows or a larger -Xmx may help";
        if (ex instanceof StackOverflowError) return "stack overflow (input nested too deeply?)";
        if (ex instanceof Error) return "internal error: " + ex;
        if (ex instanceof java.nio.file.NoSuchFileException e) return e.getFile() + ": no such file or directory";
        if (ex instanceof java.nio.file.AccessDeniedException e) return e.getFile() + ": permission denied";
        if (ex instanceof java.nio.file.FileSystemException e) return e.getFile() + ": " + (e.getReason() == null ? "cannot be used" : e.getReason());
        if (ex instanceof IllegalArgumentException && ex.getMessage() != null) return ex.getMessage();
        String m = ex.getMessage();
        return m == null ? ex.getClass().getSimpleName() : ex.getClass().getSimpleName().replace("Exception", "") + ": " + m;
    }

    /** A failure that reached the top, Exception or Error: one line on stderr (none for a closed pipe) and the exit code. */
    private static int failed(Throwable ex, PrintWriter err) {
        if (StandardOutput.closed(ex)) return EXIT_PIPE;
        Throwable t = ex instanceof CommandLine.ExecutionException && ex.getCause() != null ? ex.getCause() : ex;
        err.println("rocescope: " + describe(t));
        err.flush();
        return EXIT_USAGE;
    }

    /** Runs the CLI with the given streams; returns the exit code. Used by main and by the tests. */
    public static int run(String[] args, OutputStream stdout, PrintWriter rawErr) {
        PrintWriter err = new PrintWriter(new TerminalText.ErrorWriter(rawErr), true);   // file names in messages stay inert
        RoceScope root = new RoceScope();
        root.stdout = stdout;
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), false);
        CommandLine cl = new CommandLine(root);
        // picocli builds a command's model by reflection, which took half of a short run for all ten:
        // only the one named on the command line is built (all of them for help and mistakes).
        Class<?> named = args.length == 0 ? null : command(args[0]);
        for (Class<?> c : COMMANDS) {
            if (named == null || c == named) cl.addSubcommand(c.getAnnotation(Command.class).name(), newCommand(c));
        }
        // fleet passes its arguments, options included, to the fleet jar untouched
        if (cl.getSubcommands().containsKey("fleet")) cl.getSubcommands().get("fleet").setUnmatchedOptionsArePositionalParams(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            // one line: a CI log shows the whole mistake, and where the usage is
            String name = ex.getCommandLine().getCommandName();
            err.println("rocescope: " + ex.getMessage() + " (see 'rocescope " + (name.equals("rocescope") ? "" : name + " ") + "--help')");
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failed(ex, err));
        int code;
        try {
            code = cl.execute(args);
        } catch (Error e) {   // an Error (out of memory …) that picocli let through: still one line
            code = failed(e, err);
        }
        out.flush();
        err.flush();
        return code;
    }
}
