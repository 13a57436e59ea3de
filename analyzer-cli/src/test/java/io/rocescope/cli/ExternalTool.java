package io.rocescope.cli;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Tools outside the JVM that some tests compare with (tshark, editcap, capinfos, chromium); they skip without them. */
final class ExternalTool {
    private ExternalTool() {}

    /** True when {@code tool --version} runs at all. */
    static boolean installed(String tool) {
        try {
            return new ProcessBuilder(tool, "--version").redirectErrorStream(true).start().waitFor(60, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
