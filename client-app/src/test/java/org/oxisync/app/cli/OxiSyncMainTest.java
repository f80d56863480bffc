package org.oxisync.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.CliRun;

class OxiSyncMainTest {
    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = OxiSyncMainTest.class.getResourceAsStream("vectors/" + name)) {
            return in.readAllBytes();
        }
    }

    private static String expected(String name) throws IOException {
        return new String(resource(name), StandardCharsets.US_ASCII);
    }

    @Test
    void inspectChunksPrintsExactlyTheVectorFormatForTheJpeg() throws IOException {
        Path file = Files.write(dir.resolve("SekienAkashita.jpg"), resource("SekienAkashita.jpg"));
        CliRun r = run("inspect", "chunks", file.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected("SekienAkashita.jpg.expected"), r.out().replace(System.lineSeparator(), "\n"));
        assertEquals("", r.err());
    }

    @Test
    void inspectChunksOfFiveMegabytesOfZerosCutsAtMax() throws IOException {
        Path file = Files.write(dir.resolve("zeros"), new byte[5 * 1024 * 1024]);
        CliRun r = run("inspect", "chunks", file.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected("zeros-len5242880.expected"), r.out().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void inspectChunksAcceptsOtherParameters() throws IOException {
        Path file = Files.write(dir.resolve("SekienAkashita.jpg"), resource("SekienAkashita.jpg"));
        CliRun r = run("inspect", "chunks", "--min", "8192", "--avg", "32768", "--max", "131072", file.toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\\R");
        // cuts from the shared vector SekienAkashita.jpg.8192-32768-131072.cuts
        assertTrue(lines[0].startsWith("0 66549 "), lines[0]);
        assertTrue(lines[1].startsWith("66549 42917 "), lines[1]);
        assertTrue(lines[2].startsWith("file dba425aa7292ef1209841ab3855a93d4dfa6855658a347f85c502f2c2208cf0f 109466"));
    }

    @Test
    void inspectHashPrintsOneB3sumStyleLinePerFile() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "Hello, World!");
        Path b = Files.write(dir.resolve("b"), new byte[0]);
        CliRun r = run("inspect", "hash", a.toString(), b.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("288a86a79f20a3d6dccdca7713beaed178798296bdfa7913fa2a62d9727bf8f8  " + a + "\n"
                + "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262  " + b + "\n",
                r.out().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void missingFileGivesOneLineOnStderrAndExitCodeOne() {
        String missing = dir.resolve("nope.bin").toString();
        for (String sub : new String[] {"chunks", "hash"}) {
            CliRun r = run("inspect", sub, missing);
            assertEquals(1, r.code());
            assertEquals("", r.out());
            assertEquals("oxisync: " + missing + ": no such file", r.err().strip());
        }
    }

    @Test
    void hashGoesOnWithTheOtherFilesAfterAnError() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "Hello, World!");
        CliRun r = run("inspect", "hash", dir.resolve("missing").toString(), a.toString());
        assertEquals(1, r.code());
        assertTrue(r.out().startsWith("288a86a79f20a3d6"), r.out());
        assertEquals(1, r.err().strip().lines().count());
    }

    @Test
    void directoryIsRejectedWithOneLine() {
        CliRun r = run("inspect", "chunks", dir.toString());
        assertNotEquals(0, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("oxisync: " + dir), r.err());
    }

    @Test
    void versionNamesTheProgramAndHelpListsInspect() {
        CliRun version = run("--version");
        assertEquals(0, version.code());
        assertTrue(version.out().startsWith("oxisync "), version.out());
        CliRun help = run("--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("inspect"), help.out());
        CliRun inspectHelp = run("inspect", "--help");
        assertTrue(inspectHelp.out().contains("chunks") && inspectHelp.out().contains("hash"), inspectHelp.out());
    }

    @Test
    void unknownOptionIsAUsageErrorOnStderr() {
        CliRun r = run("inspect", "chunks", "--bogus", "x");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("--bogus"), r.err());
    }

    @Test
    void invalidChunkParametersAreAUsageError() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "x");
        CliRun r = run("inspect", "chunks", "--min", "10", a.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("min chunk size"), r.err());
    }

    @Test
    void noArgumentsOpensTheDesktopAppOnlyWhereThereIsOneAndAScreen() {
        java.util.Map<String, String> x11 = java.util.Map.of("DISPLAY", ":0");
        assertTrue(OxiSyncMain.opensDesktopApp(new String[0], true, x11, "Linux"));
        assertTrue(OxiSyncMain.opensDesktopApp(new String[0], true, java.util.Map.of("WAYLAND_DISPLAY", "w"), "Linux"));
        assertTrue(OxiSyncMain.opensDesktopApp(new String[0], true, java.util.Map.of(), "Windows 11"));
        org.junit.jupiter.api.Assertions.assertFalse(OxiSyncMain.opensDesktopApp(new String[0], true, java.util.Map.of(), "Linux"));
        org.junit.jupiter.api.Assertions.assertFalse(OxiSyncMain.opensDesktopApp(new String[0], false, x11, "Linux"));
        org.junit.jupiter.api.Assertions.assertFalse(OxiSyncMain.opensDesktopApp(new String[] {"status"}, true, x11, "Linux"));
        // this jar has no UI: the usage, exit 0
        CliRun r = run();
        assertEquals(0, r.code());
        assertTrue(r.out().contains("Usage: oxisync"), r.out());
    }

    @Test
    void homeBeforeTheCommandMovesBehindIt() {
        assertArrayEquals(new String[] {"status", "--home", "X"}, OxiSyncMain.homeFirst(new String[] {"--home", "X", "status"}));
        assertArrayEquals(new String[] {"pair", "list", "--home=X"}, OxiSyncMain.homeFirst(new String[] {"--home=X", "pair", "list"}));
        assertArrayEquals(new String[] {"inspect", "hash", "--home", "X", "--", "-f"},
                OxiSyncMain.homeFirst(new String[] {"--home", "X", "inspect", "hash", "--", "-f"}));
        CliRun gui = run("--home", dir.toString(), "gui", "--help");
        assertEquals(0, gui.code(), gui.err());
    }

    @Test
    void helpCommandDescribesACommandAndEveryArgumentIsDescribed() {
        CliRun r = run("help", "sync-once");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("--dry-run"), r.out());
        picocli.CommandLine all = OxiSyncMain.newCommandLine(new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(new java.io.StringWriter()));
        java.util.List<String> undescribed = new java.util.ArrayList<>();
        walk(all, undescribed);
        assertTrue(undescribed.isEmpty(), "arguments without a description: " + undescribed);
        CliRun help = run("--help");
        assertTrue(help.out().contains("conflicts") && help.out().contains("help"), help.out());
        for (String line : help.out().lines().toList()) {
            assertTrue(line.length() <= 80, "cut or too long: " + line);
        }
        assertTrue(help.out().lines().anyMatch(l -> l.contains("daemon") && l.contains("until stopped")), help.out());
    }

    private static void walk(picocli.CommandLine c, java.util.List<String> undescribed) {
        for (picocli.CommandLine.Model.ArgSpec a : c.getCommandSpec().args()) {
            if (a.description().length == 0 || String.join("", a.description()).isBlank()) {
                undescribed.add(c.getCommandName() + " " + (a.isOption()
                        ? ((picocli.CommandLine.Model.OptionSpec) a).longestName() : a.paramLabel()));
            }
        }
        if (c.getCommandSpec().usageMessage().description().length == 0) {
            undescribed.add(c.getCommandName());
        }
        c.getSubcommands().values().forEach(s -> walk(s, undescribed));
    }

    @Test
    void theManPageDescribesEveryCommandInRoff() {
        String man = ManPage.render("1.2.3");
        assertTrue(man.startsWith(".TH OXISYNC 1 "), man);
        for (String c : new String[] {"oxisync login", "oxisync pair add", "oxisync conflicts resolve", "oxisync daemon",
                "oxisync versions restore", "oxisync pair ignore add", "oxisync undo"}) {
            assertTrue(man.contains(".SS \"" + c.replace("-", "\\-")), c);
        }
        assertTrue(man.contains("\\fB\\-\\-dry\\-run\\fR"), "options are listed");
        assertTrue(man.contains("Undo a sync run") && man.contains("\\fB\\-\\-yes\\fR")
                && man.contains("\\fB\\-\\-to\\fR"), "undo, its confirmation and --folder --to are described");
        assertTrue(man.lines().noneMatch(l -> l.startsWith(".") && l.length() > 1 && Character.isLowerCase(l.charAt(1))
                && !l.startsWith(".br")), "no text line starts with a dot");
    }
}
