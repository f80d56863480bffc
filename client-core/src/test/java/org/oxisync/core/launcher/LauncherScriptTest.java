package org.oxisync.core.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout launcher {@code src/main/scripts/oxisync}, run by bash on a stand-in jar: stdout carries only the
 * program's output, the exit code passes through, and the AppCDS archive is recorded by the first sync-once and
 * mapped by later runs.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LauncherScriptTest {
    private static final Path SCRIPT = Path.of("src/main/scripts/oxisync").toAbsolutePath();

    @TempDir
    Path dir;
    private Path jar;
    private Path cache;

    @BeforeEach
    void standInJar() throws IOException {
        Path src = dir.resolve("src/Main.java");
        Files.createDirectories(src.getParent());
        // prints its arguments, whether a CDS archive is mapped, and exits with the code given as the last argument
        Files.writeString(src, """
                public class Main {
                    public static void main(String[] args) {
                        boolean shared = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                                .stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile="));
                        boolean c1 = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                                .contains("-XX:TieredStopAtLevel=1")
                                && "scalar".equals(System.getProperty("oxisync.blake3.kernel"))
                                && "child".equals(System.getProperty("oxisync.hash.largeFiles"));
                        System.out.println("args=" + String.join(",", args) + " mapped=" + shared);
                        System.err.println("c1only=" + c1);
                        System.exit(Integer.parseInt(args[args.length - 1]));
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.toString()));
        jar = dir.resolve("stand-in.jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Main");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf)) {
            j.putNextEntry(new JarEntry("Main.class"));
            j.write(Files.readAllBytes(classes.resolve("Main.class")));
            j.closeEntry();
        }
        cache = dir.resolve("cache");
    }

    private record Run(int exit, String stdout, String stderr) {}

    private Run launch(String cds, String... args) throws Exception {
        return launchUnder(cds, null, args);
    }

    private Run launchUnder(String cds, String invocationId, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("OXISYNC_JAR", jar.toString());
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        pb.environment().remove("OXISYNC_JAVA_OPTS");
        pb.environment().remove("INVOCATION_ID");
        if (invocationId != null) {
            pb.environment().put("INVOCATION_ID", invocationId);
        }
        if (cds != null) {
            pb.environment().put("OXISYNC_CDS", cds);
        }
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    /** The archive is dumped by a detached process after the launcher has ended: wait for it. */
    private List<Path> awaitArchives() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            List<Path> now = archives();
            if (!now.isEmpty() && now.stream().allMatch(p -> p.getFileName().toString().endsWith(".jsa"))) {
                return now;
            }
            Thread.sleep(100);
        }
        return archives();
    }

    private List<Path> archives() throws IOException {
        if (!Files.isDirectory(cache.resolve("oxisync/cds"))) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cache.resolve("oxisync/cds"))) {
            return s.toList();
        }
    }

    @Test
    void theFirstSyncOnceRecordsAnArchiveThatLaterRunsMapWithStdoutKeptClean() throws Exception {
        Run first = launch(null, "sync-once", "--json", "0");
        assertEquals(0, first.exit(), first.stderr());
        assertEquals("args=sync-once,--json,0 mapped=false\n", first.stdout(), "no JVM log line on stdout");
        List<Path> made = awaitArchives();
        assertEquals(1, made.size(), made.toString());
        assertTrue(made.get(0).getFileName().toString().endsWith(".jsa"), made.toString());

        // the archive really loads: -Xshare:on makes the JVM refuse to start otherwise
        Process check = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-Xshare:on", "-XX:SharedArchiveFile=" + made.get(0),
                "-cp", jar.toString(), "Main", "0").redirectErrorStream(true).start();
        String checkOut = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(check.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, check.exitValue(), checkOut);

        Run second = launch(null, "status", "3");
        assertEquals(3, second.exit(), "the program's exit code passes through");
        assertEquals("args=status,3 mapped=true\n", second.stdout());
        assertEquals(made, archives());
    }

    @Test
    void otherCommandsDoNotRecordAnArchive() throws Exception {
        Run r = launch(null, "--version", "0");
        assertEquals(0, r.exit());
        assertEquals(List.of(), archives());
    }

    @Test
    void anArchiveOfAnEarlierBuildOfTheJarIsReplaced() throws Exception {
        assertEquals(0, launch(null, "sync-once", "0").exit());
        Path old = awaitArchives().get(0);
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(jar).toMillis() + 5_000)); // "rebuilt"
        Run r = launch(null, "sync-once", "0");
        assertEquals("args=sync-once,0 mapped=false\n", r.stdout(), "the stale archive is not mapped");
        List<Path> now = awaitArchives();
        assertEquals(1, now.size(), now.toString());
        assertFalse(now.contains(old));
    }

    @Test
    void aRunThatDidNotSyncLeavesNoArchiveSoTheNextOneRecords() throws Exception {
        Run refused = launch(null, "sync-once", "2"); // a configuration error: few classes loaded
        assertEquals(2, refused.exit());
        Thread.sleep(500);
        assertEquals(List.of(), archives());
        assertEquals(0, launch(null, "sync-once", "0").exit());
        assertEquals(1, awaitArchives().size());
    }

    @Test
    void underSystemdTheArchiveIsMadeBeforeTheCommandEnds() throws Exception {
        Run r = launchUnder(null, "0123456789abcdef", "sync-once", "0"); // systemd sets INVOCATION_ID for a service
        assertEquals(0, r.exit());
        List<Path> made = archives(); // no waiting: the service's leftover processes would be killed
        assertEquals(1, made.size(), made.toString());
        assertTrue(made.get(0).getFileName().toString().endsWith(".jsa"), made.toString());
    }

    @Test
    void everyCommandTheDaemonAndTheDesktopAppRunWithTheC1JitAndChildHashing() throws Exception {
        for (String command : List.of("sync-once", "status", "pair", "daemon", "gui")) {
            Run r = launch("off", command, "0");
            assertTrue(r.stderr().contains("c1only=true"), command + ": " + r.stderr());
        }
    }

    @Test
    void cdsOffRecordsAndMapsNothing() throws Exception {
        Run r = launch("off", "sync-once", "0");
        assertEquals(0, r.exit());
        assertEquals("args=sync-once,0 mapped=false\n", r.stdout());
        assertEquals(List.of(), archives());
    }

    private Run runScript(Path script, java.util.Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("OXISYNC_JAR");
        pb.environment().remove("JAVA_HOME");
        pb.environment().remove("OXISYNC_JAVA_OPTS");
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        pb.environment().put("OXISYNC_CDS", "off");
        pb.environment().putAll(env);
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    /** A jar holding a stand-in org.oxisync.core.cli.OxiSyncMain that prints its arguments and its JIT. */
    private Path standInCliJar(Path target, String tag) throws Exception {
        Path src = dir.resolve("src-" + tag + "/org/oxisync/core/cli/OxiSyncMain.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package org.oxisync.core.cli;
                public class OxiSyncMain {
                    public static void main(String[] args) {
                        boolean c1 = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                                .contains("-XX:TieredStopAtLevel=1");
                        System.out.println("TAG args=" + String.join(",", args)
                                + " cp-has-ui=" + System.getProperty("java.class.path").contains("client-ui/target/classes"));
                        System.err.println("c1only=" + c1);
                    }
                }
                """.replace("TAG", tag));
        Path classes = Files.createDirectories(dir.resolve("classes-" + tag));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString()));
        Files.createDirectories(target.getParent());
        try (OutputStream out = Files.newOutputStream(target); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("org/oxisync/core/cli/OxiSyncMain.class"));
            j.write(Files.readAllBytes(classes.resolve("org/oxisync/core/cli/OxiSyncMain.class")));
            j.closeEntry();
        }
        return target;
    }

    /** The installed Linux package: /opt/oxisync/bin/oxisync is this script, the jar in lib/app, Java in lib/runtime. */
    @Test
    void inThePackageLayoutTheDaemonRunsOnThePackagesRuntimeWithTheC1JitAndChildHashing() throws Exception {
        Path opt = dir.resolve("opt/oxisync");
        Path bin = Files.createDirectories(opt.resolve("bin"));
        Files.copy(SCRIPT, bin.resolve("oxisync"));
        standInCliJar(opt.resolve("lib/app/oxisync.jar"), "installed");
        Path runtimeJava = Files.createDirectories(opt.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(runtimeJava, "#!/bin/sh\necho runtime-java >&2\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        runtimeJava.toFile().setExecutable(true);
        Run daemon = runScript(bin.resolve("oxisync"), java.util.Map.of(), "daemon", "0");
        assertEquals(0, daemon.exit(), daemon.stderr());
        assertTrue(daemon.stdout().startsWith("installed args=daemon,0"), daemon.stdout());
        assertTrue(daemon.stderr().contains("runtime-java") && daemon.stderr().contains("c1only=true"), daemon.stderr());
        assertFalse(daemon.stderr().contains("incubator"), daemon.stderr());
        Run once = runScript(bin.resolve("oxisync"), java.util.Map.of(), "sync-once", "0");
        assertTrue(once.stderr().contains("c1only=true"), once.stderr());
    }

    /** A source checkout: `gui` runs OxiSyncMain from the modules' classes and the listed libraries. */
    @Test
    void guiFromACheckoutRunsTheDesktopAppsClassesAndLibraries() throws Exception {
        Path root = dir.resolve("checkout");
        Path scripts = Files.createDirectories(root.resolve("client-core/src/main/scripts"));
        Files.copy(SCRIPT, scripts.resolve("oxisync"));
        Files.createDirectories(root.resolve("client-core/target"));
        Files.copy(jar, root.resolve("client-core/target/oxisync.jar"));
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        Files.createDirectories(root.resolve("client-ui"));
        Files.writeString(root.resolve("client-ui/pom.xml"), "<project/>");
        Path uiClasses = Files.createDirectories(root.resolve("client-ui/target/classes/org/oxisync/ui"));
        Path lib = standInCliJar(dir.resolve("m2/lib.jar"), "from-classes");
        Thread.sleep(1100); // the classpath file must be newer than the poms
        Files.writeString(root.resolve("client-ui/target/oxisync-gui.classpath"), lib.toString());
        Run r = runScript(scripts.resolve("oxisync"), java.util.Map.of(), "gui", "--home", "X");
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("from-classes args=gui,--home,X cp-has-ui=true\n", r.stdout());
        assertTrue(r.stderr().contains("c1only=true"), "the desktop app runs as the daemon does: " + r.stderr());
        assertTrue(Files.isDirectory(uiClasses));
    }
}
