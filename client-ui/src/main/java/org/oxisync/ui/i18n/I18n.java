package org.oxisync.ui.i18n;

import com.ibm.icu.text.MessageFormat;
import com.ibm.icu.util.ULocale;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javafx.geometry.NodeOrientation;

/**
 * The desktop shell's words in one language: every user-visible string comes from the {@code messages} bundle
 * family ({@code org/oxisync/ui/i18n/messages*.properties}, UTF-8), formatted with ICU's MessageFormat: named
 * arguments ({@code {file}}) and CLDR plural rules ({@code {count, plural, one {# file} other {# files}}}), so
 * Polish, Russian and Arabic get all their forms. The CLI and the log stay English and never come here.
 *
 * <p>An instance is immutable: one locale and its bundle. The shell's composition root ({@code app.Shell}) makes
 * one at start, from the language chosen in Settings → General ({@code language} in {@code ui.properties}) or else
 * the OS's ({@link Locale#getDefault()}), and hands it to every screen, model and text helper that shows words
 * (constructor injection, or the first argument of a static text helper). A change in Settings applies after a
 * restart, as before: the next start makes a new instance. No static mutable state: a process-wide language would keep two
 * shells or two tests in one JVM from having their own. Only stateless helpers stay static ({@link #pick}, {@link #fromPreference},
 * {@link #LANGUAGES}, the bundle lookup and pattern formatting).
 *
 * <p>{@link #PSEUDO} ({@code en-XA}) is the pseudo-locale of the tests: every message bracketed, accented and 40 %
 * longer, so a string that does not come from here, or a label too narrow for a longer translation, shows.
 */
public final class I18n {
    public static final String BUNDLE = "org.oxisync.ui.i18n.messages";
    /** The pseudo-locale: "[Ŝýñç ñöŵ ···]". */
    public static final Locale PSEUDO = Locale.forLanguageTag("en-XA");
    /** The 16 languages of OxiCloud's web UI, English first (the base bundle). */
    public static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.forLanguageTag("es"),
            Locale.forLanguageTag("de"), Locale.forLanguageTag("fr"), Locale.forLanguageTag("it"),
            Locale.forLanguageTag("pt"), Locale.forLanguageTag("nl"), Locale.forLanguageTag("pl"),
            Locale.forLanguageTag("ru"), Locale.SIMPLIFIED_CHINESE, Locale.TRADITIONAL_CHINESE, Locale.JAPANESE,
            Locale.KOREAN, Locale.forLanguageTag("hi"), Locale.forLanguageTag("ar"), Locale.forLanguageTag("fa"));

    private final Locale locale;
    private final ResourceBundle bundle;

    private I18n(Locale supported) {
        this.locale = supported;
        this.bundle = bundle(supported);
    }

    /** The words of the supported language closest to {@code wanted} ({@link #pick}). */
    public static I18n of(Locale wanted) {
        return new I18n(pick(wanted));
    }

    /** The words of a saved choice ("" or "system" = the OS's language, else a language tag). */
    public static I18n forPreference(String tag) {
        return new I18n(fromPreference(tag));
    }

    /** English, the base bundle (tests, and text helpers shown before a language is known). */
    public static I18n english() {
        return of(Locale.ENGLISH);
    }

    /** The supported language closest to {@code wanted}: zh-Hant/TW/HK/MO → traditional, other zh → simplified. */
    public static Locale pick(Locale wanted) {
        if (wanted == null) {
            return Locale.ENGLISH;
        }
        if (PSEUDO.equals(wanted) || "XA".equals(wanted.getCountry()) && "en".equals(wanted.getLanguage())) {
            return PSEUDO;
        }
        String lang = wanted.getLanguage();
        if (lang.equals("zh")) {
            boolean hant = wanted.getScript().equals("Hant") || List.of("TW", "HK", "MO").contains(wanted.getCountry());
            return hant ? Locale.TRADITIONAL_CHINESE : Locale.SIMPLIFIED_CHINESE;
        }
        if (lang.equals("iw")) {
            lang = "he";
        }
        for (Locale l : LANGUAGES) {
            if (l.getLanguage().equals(lang)) {
                return l;
            }
        }
        return Locale.ENGLISH;
    }

    /** A saved choice ("" or "system" = the OS's language, else a language tag). */
    public static Locale fromPreference(String tag) {
        return tag == null || tag.isBlank() || tag.equals("system") ? pick(Locale.getDefault())
                : pick(Locale.forLanguageTag(tag));
    }

    /** The language of these words (one of {@link #LANGUAGES}, or {@link #PSEUDO}). */
    public Locale locale() {
        return locale;
    }

    public boolean pseudo() {
        return PSEUDO.equals(locale);
    }

    /** The locale for numbers, dates and plural rules (English for the pseudo-locale). */
    public Locale formatLocale() {
        return pseudo() ? Locale.ENGLISH : locale;
    }

    /** Right to left for Arabic and Farsi. */
    public boolean rightToLeft() {
        String l = locale.getLanguage();
        return l.equals("ar") || l.equals("fa") || l.equals("he") || l.equals("ur");
    }

    public NodeOrientation orientation() {
        return rightToLeft() ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
    }

    static ResourceBundle bundle(Locale l) {
        Locale lookup = PSEUDO.equals(l) ? Locale.ROOT : l;
        return ResourceBundle.getBundle(BUNDLE, lookup,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** True when {@code key} is a message (tests and optional texts). */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /**
     * The message {@code key} with its named arguments, given as pairs: {@code i18n.t("headline.syncing", "count", 3)}.
     * A missing key comes back as "!key!" (visible in screenshots; the bundle test fails on it).
     */
    public String t(String key, Object... namesAndValues) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (pseudo()) {
            pattern = Pseudo.pattern(pattern);
        }
        Map<String, Object> args = new HashMap<>();
        java.util.Set<String> chooses = rightToLeft() ? choosers(pattern) : null;
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            String name = String.valueOf(namesAndValues[i]);
            Object v = namesAndValues[i + 1];
            args.put(name, v == null ? "" : chooses != null && !chooses.contains(name) ? isolated(v) : v);
        }
        return format(pattern, formatLocale(), args);
    }

    /** The arguments of {@code pattern} that choose a branch ({@code select}, {@code plural}): never isolated. */
    private static java.util.Set<String> choosers(String pattern) {
        java.util.Set<String> out = new java.util.HashSet<>();
        com.ibm.icu.text.MessagePattern mp = new com.ibm.icu.text.MessagePattern(pattern);
        for (int i = 0; i + 1 < mp.countParts(); i++) {
            com.ibm.icu.text.MessagePattern.Part p = mp.getPart(i);
            if (p.getType() == com.ibm.icu.text.MessagePattern.Part.Type.ARG_START
                    && p.getArgType() != com.ibm.icu.text.MessagePattern.ArgType.NONE
                    && p.getArgType() != com.ibm.icu.text.MessagePattern.ArgType.SIMPLE) {
                out.add(mp.getSubstring(mp.getPart(i + 1)));
            }
        }
        return out;
    }

    /** Left-to-right mark (U+200E) and right-to-left mark (U+200F): see {@link #isolated}. */
    static final char LRM = '\u200E';
    static final char RLM = '\u200F';

    /**
     * A text value put into a right-to-left sentence, held to its own direction: a path, a name or a time gets a
     * left-to-right mark on both sides, a value that starts in a right-to-left script (a nested sentence) a
     * right-to-left mark. Without them the leading "/" of a path showed at its end, and a quote or full stop after
     * a Latin name landed on the wrong side. Marks rather than the isolates U+2068..U+2069: every bidi algorithm
     * honours them, while isolates need one of Unicode 6.3 or later. Numbers stay as they are: the pattern formats
     * them for the locale.
     */
    private static Object isolated(Object v) {
        if (v instanceof CharSequence cs && !cs.isEmpty()) {
            String s = cs.toString();
            char mark = startsRightToLeft(s) ? RLM : LRM;
            return mark + s + mark;
        }
        return v;
    }

    /** Whether the first character with a strong direction in {@code s} is right to left. */
    private static boolean startsRightToLeft(String s) {
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            byte d = Character.getDirectionality(c);
            if (d == Character.DIRECTIONALITY_LEFT_TO_RIGHT) {
                return false;
            }
            if (d == Character.DIRECTIONALITY_RIGHT_TO_LEFT || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC) {
                return true;
            }
            i += Character.charCount(c);
        }
        return false;
    }

    static String format(String pattern, Locale l, Map<String, Object> args) {
        return new MessageFormat(pattern, ULocale.forLocale(l)).format(args);
    }

    @Override
    public String toString() {
        return "I18n[" + locale.toLanguageTag() + "]";
    }
}
