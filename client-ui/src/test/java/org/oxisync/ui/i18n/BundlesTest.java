package org.oxisync.ui.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.icu.text.MessagePattern;
import com.ibm.icu.text.PluralRules;
import com.ibm.icu.util.ULocale;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: every key in every bundle, no key the code does not use, no key the code uses that is missing,
 * the same placeholder names in every language, every pattern valid ICU with the plural forms its language
 * needs, and the pseudo-locale bracketed and longer.
 */
class BundlesTest {
    private static final Path DIR = Path.of("src/main/resources/org/oxisync/ui/i18n");
    private static final Path SRC = Path.of("src/main/java");
    /** Keys built from a prefix and an enum or code value (see the code next to each). */
    private static final List<String> DYNAMIC = List.of("phase.", "conflict.choice.", "activity.filter.", "appearance.",
            "wizard.step.", "settings.tab.", "settings.advanced.level.", "plan.", "done.", "nav.", "activity.run.",
            "reason."); // reason.<CODE>: every ReasonCode, checked by everyReasonCodeHasAMessageInEveryBundle

    private static Properties load(Path p) throws IOException {
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            props.load(r);
        }
        return props;
    }

    private static Map<String, Properties> bundles() throws IOException {
        Map<String, Properties> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(DIR)) {
            for (Path p : s.filter(f -> f.getFileName().toString().matches("messages(_.+)?\\.properties")).toList()) {
                String n = p.getFileName().toString();
                out.put(n.equals("messages.properties") ? "" : n.substring("messages_".length(), n.length() - 11), load(p));
            }
        }
        return out;
    }

    /** Keys still in English only (src/test/resources/i18n-untranslated.txt): allowed to be missing elsewhere. */
    private static Set<String> untranslated() throws IOException {
        Set<String> keys = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/i18n-untranslated.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                keys.add(line.strip());
            }
        }
        return keys;
    }

    @Test
    void everyUntranslatedKeyIsAnEnglishKey() throws IOException {
        Set<String> unknown = new TreeSet<>(untranslated());
        unknown.removeAll(bundles().get("").stringPropertyNames());
        assertTrue(unknown.isEmpty(), "i18n-untranslated.txt lists keys messages.properties lacks: " + unknown);
    }

    private static Set<String> argNames(String pattern) {
        MessagePattern mp = new MessagePattern(MessagePattern.ApostropheMode.DOUBLE_OPTIONAL);
        mp.parse(pattern);
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < mp.countParts(); i++) {
            if (mp.getPart(i).getType() == MessagePattern.Part.Type.ARG_NAME) {
                names.add(mp.getSubstring(mp.getPart(i)));
            }
        }
        return names;
    }

    @Test
    void everyLanguageHasEveryKeyWithTheSamePlaceholders() throws IOException {
        Map<String, Properties> all = bundles();
        Properties base = all.get("");
        List<String> problems = new ArrayList<>();
        for (var e : all.entrySet()) {
            String lang = e.getKey().isEmpty() ? "en" : e.getKey();
            Properties p = e.getValue();
            Set<String> missing = new TreeSet<>(base.stringPropertyNames());
            missing.removeAll(p.stringPropertyNames());
            missing.removeAll(untranslated());
            Set<String> extra = new TreeSet<>(p.stringPropertyNames());
            extra.removeAll(base.stringPropertyNames());
            missing.forEach(k -> problems.add(lang + ": missing " + k));
            extra.forEach(k -> problems.add(lang + ": not in the base bundle " + k));
            ULocale loc = ULocale.forLanguageTag(lang.replace('_', '-'));
            PluralRules rules = PluralRules.forLocale(loc);
            for (String k : p.stringPropertyNames()) {
                String v = p.getProperty(k);
                try {
                    if (base.containsKey(k) && !argNames(v).equals(argNames(base.getProperty(k)))) {
                        problems.add(lang + ": " + k + " has placeholders " + argNames(v) + ", English has "
                                + argNames(base.getProperty(k)));
                    }
                    new com.ibm.icu.text.MessageFormat(v, loc);
                } catch (IllegalArgumentException ex) {
                    problems.add(lang + ": " + k + " is not a valid message: " + ex.getMessage());
                }
                // a plural needs every category of its language ("few", "many" in Polish and Russian, …)
                Matcher m = Pattern.compile("\\{\\s*(\\w+)\\s*,\\s*plural\\s*,").matcher(v);
                if (m.find() && !v.contains("=0 {}")) {
                    for (String cat : rules.getKeywords()) {
                        if (!cat.equals("other") && !v.matches("(?s).*\\b" + cat + "\\s*\\{.*") && !lang.equals("en")
                                && !cat.equals("zero") && !cat.equals("two")) {
                            problems.add(lang + ": " + k + " lacks the plural form " + cat);
                        }
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static String sources() throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.walk(SRC)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                b.append(Files.readString(p)).append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void everyKeyIsUsedAndEveryUsedKeyExists() throws IOException {
        String src = sources();
        Properties base = bundles().get("");
        Set<String> literals = new TreeSet<>();
        Matcher m = Pattern.compile("\"([a-z][A-Za-z]*(?:\\.[A-Za-z_]+)+)\"").matcher(src);
        while (m.find()) {
            literals.add(m.group(1));
        }
        List<String> unused = new ArrayList<>();
        for (String k : new TreeSet<>(base.stringPropertyNames())) {
            boolean dynamic = DYNAMIC.stream().anyMatch(k::startsWith);
            if (!literals.contains(k) && !dynamic) {
                unused.add(k);
            }
        }
        assertTrue(unused.isEmpty(), "keys no code uses: " + unused);
        List<String> missing = new ArrayList<>();
        Matcher t = Pattern.compile("\\bt\\(\\s*\"([^\"]+)\"").matcher(src);
        while (t.find()) {
            if (!t.group(1).endsWith(".") && !base.containsKey(t.group(1))) { // "phase." + name: DYNAMIC
                missing.add(t.group(1));
            }
        }
        assertTrue(missing.isEmpty(), "keys the code uses that the bundle lacks: " + missing);
    }

    @Test
    void everyReasonCodeHasAMessageInEveryBundleAndNoBundleHasAStaleOne() throws IOException {
        Set<String> wanted = new TreeSet<>();
        for (org.oxisync.core.reason.ReasonCode c : org.oxisync.core.reason.ReasonCode.values()) {
            wanted.add("reason." + c.name());
        }
        // the variants ReasonText picks by the values (one absent, a drive or share gone), and the frame for a code
        // this version lacks
        wanted.addAll(List.of("reason.RATE_LIMITED.later", "reason.NETWORK.anyServer", "reason.REMOTE_FOLDER_GONE.drive",
                "reason.REMOTE_FOLDER_GONE.share", "reason.unknown"));
        List<String> problems = new ArrayList<>();
        for (var e : bundles().entrySet()) {
            String lang = e.getKey().isEmpty() ? "en" : e.getKey();
            Set<String> have = new TreeSet<>();
            e.getValue().stringPropertyNames().stream().filter(k -> k.startsWith("reason.")).forEach(have::add);
            Set<String> missing = new TreeSet<>(wanted);
            missing.removeAll(have);
            Set<String> stale = new TreeSet<>(have);
            stale.removeAll(wanted);
            missing.forEach(k -> problems.add(lang + ": missing " + k));
            stale.forEach(k -> problems.add(lang + ": no such reason code " + k));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(bundles().get("").getProperty("reason.unknown").contains("{detail}"),
                "an unknown reason still shows the engine's words");
    }

    @Test
    void everySupportedLanguageIsPickedAndPluralsWork() {
        I18n english = I18n.of(Locale.ENGLISH);
        assertEquals("1 file", english.t("count.files", "count", 1));
        assertEquals("2 files", english.t("count.files", "count", 2));
        assertEquals(Locale.TRADITIONAL_CHINESE, I18n.pick(Locale.forLanguageTag("zh-Hant-HK")));
        assertEquals(Locale.SIMPLIFIED_CHINESE, I18n.pick(Locale.forLanguageTag("zh-SG")));
        assertEquals("de", I18n.pick(Locale.forLanguageTag("de-AT")).getLanguage());
        assertEquals(Locale.ENGLISH, I18n.pick(Locale.forLanguageTag("sw")));
        assertTrue(I18n.of(Locale.forLanguageTag("ar")).rightToLeft());
        assertFalse(english.rightToLeft());
        String p = I18n.of(I18n.PSEUDO).t("headline.syncing", "count", 3);
        assertTrue(p.startsWith("[") && p.endsWith("]") && p.contains("3"), p);
        assertTrue(p.length() >= "Syncing 3 items".length() * 1.3, p);
    }

    /** No process-wide language: each instance keeps its own, whichever was made last. */
    @Test
    void twoInstancesInOneJvmEachRenderTheirOwnLanguage() {
        I18n german = I18n.of(Locale.GERMAN);
        I18n arabic = I18n.of(Locale.forLanguageTag("ar"));
        I18n english = I18n.of(Locale.ENGLISH);
        I18n pseudo = I18n.of(I18n.PSEUDO);
        assertEquals("2 files", english.t("count.files", "count", 2));
        assertEquals("2 Dateien", german.t("count.files", "count", 2));
        assertEquals("ملفان", arabic.t("count.files", "count", 2), "Arabic's dual form");
        assertTrue(pseudo.t("count.files", "count", 2).startsWith("["));
        assertEquals("2 files", english.t("count.files", "count", 2), "making the others changed nothing here");
        assertEquals(Locale.GERMAN, german.locale());
        assertEquals(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT, arabic.orientation());
        assertEquals(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT, german.orientation());
        assertEquals(Locale.ENGLISH, pseudo.formatLocale());
        assertEquals("781,3 KiB", org.oxisync.ui.text.Formats.bytes(german, 800_000));
        assertEquals("781.3 KiB", org.oxisync.ui.text.Formats.bytes(english, 800_000));
    }

    @Test
    void pathsAndNamesKeepTheirDirectionInARightToLeftSentenceOnly() {
        I18n arabic = I18n.of(Locale.forLanguageTag("ar"));
        String ar = arabic.t("status.card.paths", "local", "/home/a/Cloud", "remote", "/Docs");
        assertTrue(ar.contains("\u200E/home/a/Cloud\u200E") && ar.contains("\u200E/Docs\u200E"), ar);
        String nested = arabic.t("status.recent.item", "time", "17:46", "text", arabic.t("phase.idle"));
        assertTrue(nested.contains("\u200E17:46\u200E") && nested.contains("\u200F" + arabic.t("phase.idle") + "\u200F"),
                nested);
        String en = I18n.english().t("status.card.paths", "local", "/home/a/Cloud", "remote", "/Docs");
        assertFalse(en.contains("\u200E") || en.contains("\u200F"), en);
        String count = arabic.t("headline.syncing", "count", 3);
        assertFalse(count.contains("\u200E"), "a number is formatted by the pattern, not marked: " + count);
        assertTrue(arabic.t("reason.NAME_REFUSED_BY_SERVER", "named", "yes", "file", "a.txt").contains("a.txt"),
                "a choosing argument still chooses");
    }
}
