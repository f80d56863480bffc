package org.oxisync.app.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code src/main/scripts/oxisync}, run by bash on a stand-in {@code OxiSyncMain} in the layouts it
 * serves (a checkout, the installed package, {@code OXISYNC_JAR}): it replaces itself with the JVM, passes stdout,
 * stderr and the exit code through live, keeps the JVM's incubator notice off stderr, and records and maps the AOT
 * cache.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LauncherScriptTest {
    private static final Path SCRIPT = Path.of("src/main/scripts/oxisync").toAbsolutePath();
    private static final Path JDK_SH = Path.of("../scripts/jdk.sh").toAbsolutePath();
    /** The real class that main() calls first, copied into every stand-in jar. */
    private static final Path STANDARD_ERROR = Path.of("target/classes/org/oxisync/app/os/StandardError.class");

    @TempDir
    Path dir;
    private Path jar;

    private record Run(int exit, String stdout, String stderr) {}

    @BeforeEach
    void standInJar() throws Exception {
        jar = standInCliJar(dir.resolve("build/oxisync.jar"), "stand-in");
    }

    /**
     * A jar with a stand-in org.oxisync.app.cli.OxiSyncMain that restores stderr as the real one does, then prints
     * its arguments, its pid, the AOT options it got and whether the desktop app's classes are on its class path,
     * writes a line to stderr, and exits with the code given as its last argument. With "wait" as the first
     * argument it writes a progress line without a newline to stderr first and waits for a line on stdin.
     */
    private Path standInCliJar(Path target, String tag) throws Exception {
        Path src = dir.resolve("src-" + tag + "/org/oxisync/app/cli/OxiSyncMain.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package org.oxisync.app.cli;
                public class OxiSyncMain {
                    public static void main(String[] args) throws Exception {
                        org.oxisync.app.os.StandardError.restoreFromLauncher();
                        var jvm = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments();
                        if (args.length > 0 && args[0].equals("wait")) {
                            System.err.print("progress 50%\\r");
                            System.err.flush();
                            new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
                        }
                        System.out.println("TAG args=" + String.join(",", args)
                                + " pid=" + ProcessHandle.current().pid()
                                + " aot=" + jvm.stream().filter(a -> a.startsWith("-XX:AOTCache")).map(a -> a.substring(4, a.indexOf('=')))
                                        .findFirst().orElse("none")
                                + " coh=" + jvm.contains("-XX:+UseCompactObjectHeaders")
                                + " cp-has-ui=" + System.getProperty("java.class.path").contains("client-ui/target/classes"));
                        System.err.println("stderr line");
                        System.exit(Integer.parseInt(args[args.length - 1]));
                    }
                }
                """.replace("TAG", tag));
        Path classes = Files.createDirectories(dir.resolve("classes-" + tag));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "-cp", "target/classes", src.toString()));
        Files.createDirectories(target.getParent());
        try (OutputStream out = Files.newOutputStream(target); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("org/oxisync/app/cli/OxiSyncMain.class"));
            j.write(Files.readAllBytes(classes.resolve("org/oxisync/app/cli/OxiSyncMain.class")));
            j.closeEntry();
            j.putNextEntry(new JarEntry("org/oxisync/app/os/StandardError.class"));
            j.write(Files.readAllBytes(STANDARD_ERROR));
            j.closeEntry();
        }
        return target;
    }

    private ProcessBuilder builder(Path script, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("OXISYNC_JAR");
        pb.environment().remove("OXISYNC_JAVA_OPTS");
        pb.environment().putAll(env);
        return pb;
    }

    private Run run(Path script, Map<String, String> env, String... args) throws Exception {
        ProcessBuilder pb = builder(script, env, args);
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    private Run withJar(String... args) throws Exception {
        return run(SCRIPT, Map.of("OXISYNC_JAR", jar.toString()), args);
    }

    private List<Path> caches() throws IOException {
        try (Stream<Path> s = Files.list(jar.getParent())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".aot")).toList();
        }
    }

    @Test
    void stdoutCarriesOnlyTheProgramsOutputAndTheExitCodePassesThrough() throws Exception {
        Run r = withJar("status", "3");
        assertEquals(3, r.exit());
        assertTrue(r.stdout().matches("stand-in args=status,3 pid=\\d+ aot=none coh=true cp-has-ui=false\n"), r.stdout());
    }

    @Test
    void theJvmsIncubatorNoticeIsKeptOffStderrWhileTheProgramsOwnStderrPassesThrough() throws Exception {
        Run r = withJar("status", "0");
        assertEquals("stderr line\n", r.stderr());
    }

    @Test
    void theLauncherReplacesItselfWithTheJvmSoThePidStartedIsTheJvms() throws Exception {
        ProcessBuilder pb = builder(SCRIPT, Map.of("OXISYNC_JAR", jar.toString()), "status", "0");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(out.contains(" pid=" + p.pid() + " "), "started " + p.pid() + ", the JVM said: " + out);
    }

    @Test
    void aProgressLineWithoutNewlineReachesStderrWhileTheCommandRuns() throws Exception {
        ProcessBuilder pb = builder(SCRIPT, Map.of("OXISYNC_JAR", jar.toString()), "wait", "0");
        Process p = pb.start();
        try {
            InputStream err = p.getErrorStream();
            byte[] expected = "progress 50%\r".getBytes(StandardCharsets.UTF_8);
            byte[] got = err.readNBytes(expected.length); // blocks until the bytes arrive: the command still waits
            assertEquals(new String(expected, StandardCharsets.UTF_8), new String(got, StandardCharsets.UTF_8));
            assertTrue(p.isAlive(), "the line arrived while the command was still running");
            p.getOutputStream().write('\n');
            p.getOutputStream().flush();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aCacheTrainedBesideTheJarIsMappedByEveryCommandWithoutAWord() throws Exception {
        Path cache = jar.resolveSibling("oxisync.aot");
        Run training = run(SCRIPT, Map.of("OXISYNC_JAR", jar.toString(),
                "OXISYNC_JAVA_OPTS", "-XX:AOTCacheOutput=" + cache), "sync-once", "0");
        assertEquals(0, training.exit(), training.stderr());
        assertTrue(Files.size(cache) > 0, "the build's way of training works through the launcher");
        for (String command : List.of("sync-once", "status", "daemon")) {
            Run r = withJar(command, "0");
            assertTrue(r.stdout().contains(" aot=AOTCache "), r.stdout());
            assertEquals("stderr line\n", r.stderr(), "the JVM maps the cache without a word");
        }
    }

    @Test
    void noCommandRecordsACacheOfItsOwnSoStdoutStaysTheCommands() throws Exception {
        Run r = withJar("sync-once", "0");
        assertTrue(r.stdout().matches("stand-in args=sync-once,0 pid=\\d+ aot=none coh=true cp-has-ui=false\n"), r.stdout());
        assertEquals(List.of(), caches());
    }

    @Test
    void aCacheThatDoesNotMatchTheJarIsIgnoredSilently() throws Exception {
        Files.writeString(jar.resolveSibling("oxisync.aot"), "not a cache");
        Run r = withJar("status", "0");
        assertEquals(0, r.exit());
        assertEquals("stderr line\n", r.stderr());
    }

    /** The installed Linux package: /opt/oxisync/bin/oxisync is this script, the jar in lib/app, Java in lib/runtime. */
    @Test
    void inThePackageLayoutCommandsRunOnThePackagesRuntimeWithTheCacheInstalledBesideTheJar() throws Exception {
        Path opt = dir.resolve("opt/oxisync");
        Path bin = Files.createDirectories(opt.resolve("bin"));
        Files.copy(SCRIPT, bin.resolve("oxisync"));
        standInCliJar(opt.resolve("lib/app/oxisync.jar"), "installed");
        Path runtimeJava = Files.createDirectories(opt.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(runtimeJava, "#!/bin/sh\necho runtime-java > '" + dir.resolve("runtime-used") + "'\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        assertTrue(runtimeJava.toFile().setExecutable(true));

        Run before = run(bin.resolve("oxisync"), Map.of(), "sync-once", "0");
        assertEquals(0, before.exit(), before.stderr());
        assertTrue(before.stdout().startsWith("installed args=sync-once,0"), before.stdout());
        assertTrue(before.stdout().contains(" aot=none "), "only postinst trains the package's cache: " + before.stdout());
        assertTrue(Files.exists(dir.resolve("runtime-used")), "the package's own runtime ran");

        Run training = run(bin.resolve("oxisync"),
                Map.of("OXISYNC_JAVA_OPTS", "-XX:AOTCacheOutput=" + opt.resolve("lib/app/oxisync.aot")), "inspect", "0");
        assertEquals(0, training.exit(), training.stderr());
        assertTrue(Files.size(opt.resolve("lib/app/oxisync.aot")) > 0, "postinst's way of training works");
        Run after = run(bin.resolve("oxisync"), Map.of(), "daemon", "0");
        assertTrue(after.stdout().contains(" aot=AOTCache "), after.stdout());
    }

    /** A source checkout: the JDK from scripts/jdk.sh; `gui` runs the desktop app's classes and the listed libraries. */
    @Test
    void guiFromACheckoutRunsTheDesktopAppsClassesAndLibraries() throws Exception {
        Path root = dir.resolve("checkout");
        Path scripts = Files.createDirectories(root.resolve("client-app/src/main/scripts"));
        Files.copy(SCRIPT, scripts.resolve("oxisync"));
        Files.createDirectories(root.resolve("scripts"));
        Files.copy(JDK_SH, root.resolve("scripts/jdk.sh"));
        standInCliJar(root.resolve("client-app/target/oxisync.jar"), "cli");
        Files.createDirectories(root.resolve("client-ui/target/classes/org/oxisync/ui"));
        Path lib = standInCliJar(dir.resolve("m2/lib.jar"), "from-classes");
        Files.writeString(root.resolve("client-ui/target/oxisync-gui.classpath"), lib.toString());

        Run gui = run(scripts.resolve("oxisync"), Map.of(), "gui", "--home", "X", "0");
        assertEquals(0, gui.exit(), gui.stderr());
        assertTrue(gui.stdout().startsWith("from-classes args=gui,--home,X,0 "), gui.stdout());
        assertTrue(gui.stdout().contains(" cp-has-ui=true"), gui.stdout());

        Run cli = run(scripts.resolve("oxisync"), Map.of("JAVA_HOME", "/nonexistent"), "status", "0");
        assertEquals(0, cli.exit(), cli.stderr());
        assertTrue(cli.stdout().startsWith("cli args=status,0 "), "a JDK 25 was found without JAVA_HOME: " + cli.stdout());
    }

    @Test
    void aMissingJarIsAClearErrorBeforeAnyJvmStarts() throws Exception {
        Run r = run(SCRIPT, Map.of("OXISYNC_JAR", dir.resolve("nowhere.jar").toString()), "status");
        assertEquals(1, r.exit());
        assertTrue(r.stderr().contains("nowhere.jar is missing"), r.stderr());
    }
}
