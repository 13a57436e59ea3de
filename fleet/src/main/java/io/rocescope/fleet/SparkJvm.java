package io.rocescope.fleet;

import org.apache.spark.SparkConf;
import picocli.CommandLine;

import java.util.List;

/**
 * What Spark 3.5 needs of a Java 17 JVM: the JDK packages it reaches into by reflection, opened to the
 * class path. They must be given when the JVM starts: the fleet jar's manifest carries them (Add-Opens,
 * for {@code java -jar}), the tests' surefire argLine and {@code rocescope fleet}'s child JVM pass them
 * as {@link #OPTIONS}, and {@code spark-submit} adds its own.
 */
public final class SparkJvm {
    private SparkJvm() {}

    /** Spark's own list (JavaModuleOptions in Spark 3.5), package by package. */
    public static final List<String> PACKAGES = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
        "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic", "jdk.internal.ref",
        "sun.nio.ch", "sun.nio.cs", "sun.security.action", "sun.util.calendar");

    /** The options as a java command line takes them. */
    public static final List<String> OPTIONS = PACKAGES.stream().map(p -> "--add-opens=java.base/" + p + "=ALL-UNNAMED").toList();

    /** The first package Spark needs that this JVM keeps closed (as java.base/PKG), or null when all are open. */
    static String missingOpens() {
        Module base = Object.class.getModule(), us = SparkJvm.class.getModule();
        for (String p : PACKAGES) if (!base.isOpen(p, us)) return "java.base/" + p;
        return null;
    }

    /**
     * The session's settings: the master (--master; else spark-submit's; else embedded local[*]), loopback-only
     * in local mode, the progress bar when asked for or when stderr is a terminal, then each --conf KEY=VALUE.
     */
    static SparkConf conf(String master, List<String> settings, Boolean progress, CommandLine cl) {
        SparkConf c = new SparkConf(true).setAppName("rocescope fleet");
        if (master != null) c.setMaster(master);
        else if (!c.contains("spark.master")) c.setMaster("local[*]");
        if (c.get("spark.master").startsWith("local")) local(c);
        c.set("spark.ui.showConsoleProgress", Boolean.toString(progress != null ? progress : System.console() != null));
        for (String kv : settings) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new CommandLine.ParameterException(cl, "--conf " + kv + ": expected KEY=VALUE");
            c.set(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return c;
    }

    /**
     * Embedded mode on a laptop: the driver and its executors talk over loopback only (no other address is
     * looked up or bound), no web UI, few shuffle partitions (the summary's group-bys are small).
     */
    static void local(SparkConf c) {
        c.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        c.setIfMissing("spark.driver.host", "127.0.0.1");
        c.setIfMissing("spark.ui.enabled", "false");
        c.setIfMissing("spark.sql.shuffle.partitions", "4");
    }
}
