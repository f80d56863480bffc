package org.oxisync.core.ignore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class IgnoreRulesTest {

    /** rule name, pattern lines, path, is a directory, expected ignored. */
    static Stream<Arguments> cases() {
        return Stream.of(
                a("star matches within a name", "*.log", "debug.log", false, true),
                a("star matches at any depth without a slash", "*.log", "a/b/debug.log", false, true),
                a("star does not cross a slash", "a*z", "ab/cz", false, false),
                a("question mark matches one character", "file?.txt", "file1.txt", false, true),
                a("question mark needs exactly one character", "file?.txt", "file10.txt", false, false),
                a("question mark does not match a slash", "a?b", "a/b", false, false),
                a("character class matches listed characters", "file[0-9].txt", "file7.txt", false, true),
                a("character class rejects others", "file[0-9].txt", "filex.txt", false, false),
                a("negated class with ! excludes listed characters", "file[!0-9].txt", "filex.txt", false, true),
                a("negated class with ! rejects listed characters", "file[!0-9].txt", "file1.txt", false, false),
                a("negated class with ^ works too", "x[^a]", "xa", false, false),
                a("leading slash anchors at the root", "/build", "build", true, true),
                a("leading slash does not match deeper", "/build", "src/build", true, false),
                a("middle slash anchors at the root", "doc/*.txt", "doc/a.txt", false, true),
                a("middle slash does not match deeper", "doc/*.txt", "x/doc/a.txt", false, false),
                a("trailing slash matches directories", "out/", "out", true, true),
                a("trailing slash does not match files", "out/", "out", false, false),
                a("trailing slash matches a nested directory", "out/", "a/out", true, true),
                a("everything inside an ignored directory is ignored", "out/", "out/x/y.txt", false, true),
                a("leading double star matches in all directories", "**/foo", "a/b/foo", false, true),
                a("leading double star matches at the root", "**/foo", "foo", false, true),
                a("trailing double star matches everything inside", "abc/**", "abc/x/y", false, true),
                a("trailing double star does not match the folder itself", "abc/**", "abc", true, false),
                a("middle double star matches zero directories", "a/**/b", "a/b", false, true),
                a("middle double star matches several directories", "a/**/b", "a/x/y/b", false, true),
                a("negation re-includes a file", "*.log\n!keep.log", "keep.log", false, false),
                a("later pattern wins over an earlier negation", "!keep.log\n*.log", "keep.log", false, true),
                a("negation cannot re-include inside an ignored directory", "out/\n!out/keep.txt", "out/keep.txt", false, true),
                a("comment lines are ignored", "# *.txt", "a.txt", false, false),
                a("escaped hash matches a literal hash", "\\#notes", "#notes", false, true),
                a("escaped bang matches a literal bang", "\\!important", "!important", false, true),
                a("escaped star matches a literal star", "a\\*b", "a*b", false, true),
                a("escaped star does not act as a wildcard", "a\\*b", "axb", false, false),
                a("trailing spaces are dropped", "a.txt   ", "a.txt", false, true),
                a("escaped trailing space is kept", "a\\ ", "a ", false, true),
                a("blank lines are ignored", "\n\n", "a", false, false),
                a("regex characters are literal", "a+b(c).txt", "a+b(c).txt", false, true),
                a("dot is literal", "a.txt", "aXtxt", false, false));
    }

    private static Arguments a(String name, String lines, String path, boolean dir, boolean ignored) {
        return Arguments.of(name, List.of(lines.split("\n", -1)), path, dir, ignored);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gitignoreRule(String name, List<String> lines, String path, boolean dir, boolean ignored) {
        assertEquals(ignored, IgnoreRules.of(lines).isIgnored(path, dir), name);
    }

    static Stream<Arguments> defaults() {
        return Stream.of(
                Arguments.of(".DS_Store", "a/.DS_Store"), Arguments.of("Thumbs.db", "Thumbs.db"),
                Arguments.of("desktop.ini", "x/desktop.ini"), Arguments.of("Office lock ~$*", "~$report.docx"),
                Arguments.of("LibreOffice lock .~lock.*#", ".~lock.report.odt#"), Arguments.of("*.tmp", "a/b.tmp"),
                Arguments.of("*.part", "movie.mkv.part"));
    }

    @ParameterizedTest(name = "default ignores {0}")
    @MethodSource("defaults")
    void defaultsAreIgnored(String name, String path) {
        assertTrue(IgnoreRules.withDefaults(List.of()).isIgnored(path, false));
    }

    @Test
    void defaultsLeaveOrdinaryFilesAlone() {
        IgnoreRules r = IgnoreRules.withDefaults(List.of());
        assertFalse(r.isIgnored("report.docx", false));
        assertFalse(r.isIgnored(".~lock.report.odt", false));
    }

    @Test
    void pairRulesCanNegateADefault() {
        assertFalse(IgnoreRules.withDefaults(List.of("!*.part")).isIgnored("a.part", false));
    }

    /** The plain definition: every ancestor and the path itself through each pattern's regex, last match wins. */
    private static boolean referenceIgnored(IgnoreRules rules, String path, boolean dir) {
        String[] parts = path.split("/", -1);
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                prefix.append('/');
            }
            prefix.append(parts[i]);
            boolean isDir = i < parts.length - 1 || dir;
            boolean decided = false;
            List<IgnorePattern> ps = rules.patterns();
            for (int j = ps.size() - 1; j >= 0; j--) {
                IgnorePattern p = ps.get(j);
                if ((isDir || !p.directoryOnly()) && p.regex().matcher(prefix).matches()) {
                    decided = !p.negated();
                    break;
                }
            }
            if (decided) {
                return true;
            }
        }
        return false;
    }

    @Test
    void fastNameTestsAndTheFolderMemoAgreeWithTheRegexDefinitionInAnyOrder() {
        List<String> lines = new java.util.ArrayList<>(List.of("**", "!**"));
        lines.addAll(IgnoreRules.DEFAULTS);
        lines.addAll(List.of("build/", "*.log", "!keep.log", "a*", "**/node_modules", "/top/*.key", "x*y*z", "~",
                "out*/", "n?.txt", "lit.txt"));
        IgnoreRules rules = IgnoreRules.of(lines);
        String[] names = {"a", "b", "build", "keep.log", "x.log", "top", "k.key", "node_modules", "out", "outer",
                "~$x", ".~lock.a#", ".~lock.#", "~", "f.tmp", ".tmp", "tmp", "Thumbs.db", "xyz", "xaybz", "n1.txt",
                "lit.txt", "alit.txt", "src", "aa"};
        java.util.Random random = new java.util.Random(5);
        int ignored = 0;
        for (int i = 0; i < 20_000; i++) {
            int depth = 1 + random.nextInt(4);
            StringBuilder path = new StringBuilder();
            for (int d = 0; d < depth; d++) {
                if (d > 0) {
                    path.append('/');
                }
                path.append(names[random.nextInt(names.length)]);
            }
            boolean dir = random.nextBoolean();
            boolean expected = referenceIgnored(rules, path.toString(), dir);
            assertEquals(expected, rules.isIgnored(path.toString(), dir), path + (dir ? "/" : ""));
            ignored += expected ? 1 : 0;
        }
        assertTrue(ignored > 1000 && ignored < 19_000, "both outcomes exercised: " + ignored);
    }

    @Test
    void aRememberedClearFolderDoesNotHideAnIgnoredSubfolderOrSibling() {
        IgnoreRules rules = IgnoreRules.of(List.of("build/"));
        assertFalse(rules.isIgnored("a/b/c.txt", false));
        assertTrue(rules.isIgnored("a/b/build/x.txt", false));
        assertTrue(rules.isIgnored("a/build/x.txt", false));
        assertFalse(rules.isIgnored("a/bx/c.txt", false));
        assertTrue(rules.isIgnored("a/bx/build", true));
        assertFalse(rules.isIgnored("a/b", false));
    }

    @Test
    void selectiveSyncExcludesTheFolderAndItsSubtreeOnly() {
        SelectiveSync s = new SelectiveSync(Set.of("/Photos/", "Work/Old"));
        assertTrue(s.isExcluded("Photos"));
        assertTrue(s.isExcluded("Photos/2020/a.jpg"));
        assertTrue(s.isExcluded("Work/Old/x"));
        assertFalse(s.isExcluded("Work"));
        assertFalse(s.isExcluded("Photos2/a.jpg"));
        assertFalse(s.isExcluded("Work/Older"));
    }

    @Test
    void selectiveSyncRefusesToExcludeTheRoot() {
        assertThrows(IllegalArgumentException.class, () -> new SelectiveSync(Set.of("/")));
    }

    @Test
    void pathFilterCombinesIgnoreRulesAndSelectiveSync() {
        PathFilter f = new PathFilter(IgnoreRules.withDefaults(List.of()), new SelectiveSync(Set.of("skip")));
        assertTrue(f.excludes("skip/a.txt", false));
        assertTrue(f.excludes("a.tmp", false));
        assertFalse(f.excludes("a.txt", false));
    }
}
