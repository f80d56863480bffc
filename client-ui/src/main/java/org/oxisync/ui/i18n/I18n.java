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
 * The desktop shell's words: every user-visible string comes from the {@code messages} bundle family
 * ({@code org/oxisync/ui/i18n/messages*.properties}, UTF-8), formatted with ICU's MessageFormat: named
 * arguments ({@code {file}}) and CLDR plural rules ({@code {count, plural, one {# file} other {# files}}}), so
 * Polish, Russian and Arabic get all their forms. The CLI and the log stay English and never come here.
 *
 * <p>The language follows the OS ({@link Locale#getDefault()}) unless Settings → General chose one
 * ({@code language} in {@code ui.properties}); it is read once at start (a change applies after a restart).
 * {@link #PSEUDO} ({@code en-XA}) is the pseudo-locale of the tests: every message bracketed, accented and 40 %
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

    private static volatile Locale locale = pick(Locale.getDefault());
    private static volatile ResourceBundle bundle;

    private I18n() {
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

    public static Locale locale() {
        return locale;
    }

    /** Chooses the language of every message formatted from now on (windows built later use it). */
    public static synchronized void setLocale(Locale l) {
        locale = pick(l);
        bundle = null;
    }

    public static boolean pseudo() {
        return PSEUDO.equals(locale);
    }

    /** The locale for numbers, dates and plural rules (English for the pseudo-locale). */
    public static Locale formatLocale() {
        return pseudo() ? Locale.ENGLISH : locale;
    }

    /** Right to left for Arabic and Farsi. */
    public static boolean rightToLeft() {
        String l = locale.getLanguage();
        return l.equals("ar") || l.equals("fa") || l.equals("he") || l.equals("ur");
    }

    public static NodeOrientation orientation() {
        return rightToLeft() ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
    }

    static ResourceBundle bundle(Locale l) {
        Locale lookup = PSEUDO.equals(l) ? Locale.ROOT : l;
        return ResourceBundle.getBundle(BUNDLE, lookup,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    private static ResourceBundle bundle() {
        ResourceBundle b = bundle;
        if (b == null) {
            synchronized (I18n.class) {
                b = bundle(locale);
                bundle = b;
            }
        }
        return b;
    }

    /** True when {@code key} is a message (tests and optional texts). */
    public static boolean has(String key) {
        return bundle().containsKey(key);
    }

    /**
     * The message {@code key} with its named arguments, given as pairs: {@code t("headline.syncing", "count", 3)}.
     * A missing key comes back as "!key!" (visible in screenshots; the bundle test fails on it).
     */
    public static String t(String key, Object... namesAndValues) {
        String pattern;
        try {
            pattern = bundle().getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (pseudo()) {
            pattern = Pseudo.pattern(pattern);
        }
        Map<String, Object> args = new HashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            Object v = namesAndValues[i + 1];
            args.put(String.valueOf(namesAndValues[i]), v == null ? "" : v);
        }
        return format(pattern, formatLocale(), args);
    }

    static String format(String pattern, Locale l, Map<String, Object> args) {
        return new MessageFormat(pattern, ULocale.forLocale(l)).format(args);
    }
}
