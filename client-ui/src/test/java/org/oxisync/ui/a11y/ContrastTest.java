package org.oxisync.ui.a11y;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: WCAG 2.1 AA contrast of the colours oxisync.css paints, in the light and the dark theme (AtlantaFX Primer).
 * The theme's looked-up colours ({@code -color-fg-muted: #57606a;}) are read from the theme's own stylesheet; every
 * rule of oxisync.css that sets a text colour is checked against its own background, the background of its ancestor
 * rule ({@code .sidebar .app-subtitle} on {@code .sidebar}), or, when it sets none, against both surfaces the window
 * paints (-color-bg-default and -color-bg-subtle). Text needs 4.5:1 (3:1 when large: 24 px, or 18.7 px bold); the
 * state dots, the badges and the focus border are UI components and need 3:1 (WCAG 1.4.11). A failure names the
 * selector, the theme and the ratio.
 */
class ContrastTest {
    private static final double NORMAL = 4.5;
    private static final double LARGE = 3.0;
    private static final double COMPONENT = 3.0;
    private static final List<String> SURFACES = List.of("-color-bg-default", "-color-bg-subtle");

    /** A CSS rule: its selector (one of a comma list) and declarations. */
    record Rule(String selector, Map<String, String> decls) {}

    /**
     * What the app paints with the theme's own style classes (Styles.DANGER on a label, the accent button, the
     * selected nav entry's focus), checked like the app's rules.
     */
    private static final String THEME_USES = ".label.danger { -fx-text-fill: -color-danger-fg; }"
            + " .button.accent { -fx-text-fill: -color-fg-emphasis; -fx-background-color: -color-accent-emphasis; }"
            + " .label.muted-on-subtle { -fx-text-fill: -color-fg-muted; -fx-background-color: -color-bg-subtle; }";

    static String read(String resource) throws IOException {
        if (resource.contains(":")) {
            try (InputStream in = new java.net.URL(resource).openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        try (InputStream in = ContrastTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static List<Rule> rules(String css) {
        String s = css.replaceAll("(?s)/\\*.*?\\*/", "");
        List<Rule> out = new ArrayList<>();
        Matcher m = Pattern.compile("([^{}]+)\\{([^}]*)}").matcher(s);
        while (m.find()) {
            Map<String, String> decls = new LinkedHashMap<>();
            for (String d : m.group(2).split(";")) {
                int c = d.indexOf(':');
                if (c > 0) {
                    decls.put(d.substring(0, c).strip(), d.substring(c + 1).strip());
                }
            }
            for (String sel : m.group(1).split(",")) {
                out.add(new Rule(sel.strip().replaceAll("\\s+", " "), decls));
            }
        }
        return out;
    }

    /** The theme's looked-up colours: the declarations of its first {@code .root} rule. */
    static Map<String, String> palette(String themeCss) {
        return rules(themeCss).stream().filter(r -> r.selector().equals(".root")).findFirst().orElseThrow().decls();
    }

    /** An sRGB colour with alpha. */
    record Rgba(double r, double g, double b, double a) {
        Rgba over(Rgba below) {
            double k = 1 - a;
            return new Rgba(r * a + below.r * k, g * a + below.g * k, b * a + below.b * k, 1);
        }

        double luminance() {
            return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
        }

        private static double lin(double c) {
            return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }
    }

    static Rgba color(String value, Map<String, String> palette) {
        String v = value.strip();
        for (int depth = 0; v.startsWith("-color-") && depth < 10; depth++) {
            String next = palette.get(v);
            if (next == null) {
                throw new IllegalArgumentException("unknown looked-up colour " + v);
            }
            v = next.strip();
        }
        if (v.startsWith("#")) {
            String h = v.substring(1);
            if (h.length() == 3) {
                h = "" + h.charAt(0) + h.charAt(0) + h.charAt(1) + h.charAt(1) + h.charAt(2) + h.charAt(2);
            }
            double a = h.length() == 8 ? Integer.parseInt(h.substring(6, 8), 16) / 255.0 : 1;
            return new Rgba(Integer.parseInt(h.substring(0, 2), 16) / 255.0, Integer.parseInt(h.substring(2, 4), 16) / 255.0,
                    Integer.parseInt(h.substring(4, 6), 16) / 255.0, a);
        }
        Matcher m = Pattern.compile("rgba?\\(\\s*([\\d.]+)\\s*,\\s*([\\d.]+)\\s*,\\s*([\\d.]+)\\s*(?:,\\s*([\\d.]+)\\s*)?\\)").matcher(v);
        if (m.matches()) {
            return new Rgba(Double.parseDouble(m.group(1)) / 255, Double.parseDouble(m.group(2)) / 255,
                    Double.parseDouble(m.group(3)) / 255, m.group(4) == null ? 1 : Double.parseDouble(m.group(4)));
        }
        if (v.equals("white")) {
            return new Rgba(1, 1, 1, 1);
        }
        if (v.equals("black")) {
            return new Rgba(0, 0, 0, 1);
        }
        throw new IllegalArgumentException("not a colour this test reads: " + value);
    }

    static double ratio(Rgba fg, Rgba bg) {
        double a = fg.luminance() + 0.05;
        double b = bg.luminance() + 0.05;
        return Math.max(a, b) / Math.min(a, b);
    }

    private static boolean isPaint(String v) {
        return v != null && !v.isBlank() && !v.strip().equals("transparent") && !v.contains(" ");
    }

    /** The backgrounds (looked-up names or values) the text of {@code r} is drawn on. */
    private static List<String> backgrounds(Rule r, List<Rule> all) {
        if (isPaint(r.decls().get("-fx-background-color"))) {
            return List.of(r.decls().get("-fx-background-color"));
        }
        String sel = r.selector();
        String base = sel.replaceAll(":[a-z-]+", "");
        for (Rule o : all) { // the same element without the pseudo-class (".nav-button:selected" → ".nav-button")
            if (!o.selector().equals(sel) && o.selector().equals(base) && isPaint(o.decls().get("-fx-background-color"))) {
                return List.of(o.decls().get("-fx-background-color"));
            }
        }
        int space = base.lastIndexOf(' ');
        if (space > 0) { // ".sidebar .app-subtitle" on ".sidebar"
            String ancestor = base.substring(0, space);
            for (Rule o : all) {
                if (o.selector().equals(ancestor) && isPaint(o.decls().get("-fx-background-color"))) {
                    return List.of(o.decls().get("-fx-background-color"));
                }
            }
        }
        return SURFACES;
    }

    private static double em(String size) {
        if (size == null) {
            return 1;
        }
        Matcher m = Pattern.compile("([\\d.]+)em").matcher(size);
        return m.matches() ? Double.parseDouble(m.group(1)) : 1;
    }

    /** Every failing pair of oxisync.css under the theme {@code themeCss}, as "selector: … ratio". */
    static List<String> failures(String themeName, String themeCss, String appCss) {
        Map<String, String> palette = palette(themeCss);
        double basePx = Double.parseDouble(rules(themeCss).stream().filter(r -> r.selector().equals(".root"))
                .map(r -> r.decls().get("-fx-font-size")).filter(v -> v != null).findFirst().orElse("13px")
                .replace("px", ""));
        Rgba window = color("-color-bg-default", palette);
        List<Rule> all = rules(appCss);
        List<String> out = new ArrayList<>();
        for (Rule r : all) {
            String fill = r.decls().get("-fx-text-fill");
            if (fill == null && isPaint(r.decls().get("-fx-background-color")) && r.selector().matches("[^ ]+\\.[\\w-]+")) {
                // ".badge.warning" paints a new background under the text colour of ".badge"
                String base = r.selector().substring(0, r.selector().lastIndexOf('.'));
                fill = all.stream().filter(o -> o.selector().equals(base)).map(o -> o.decls().get("-fx-text-fill"))
                        .filter(v -> v != null).findFirst().orElse(null);
            }
            if (fill != null && isPaint(fill)) {
                double px = basePx * em(r.decls().get("-fx-font-size"));
                boolean bold = "bold".equals(r.decls().get("-fx-font-weight"));
                boolean large = px >= 24 || (bold && px >= 18.66);
                double need = large ? LARGE : NORMAL;
                for (String bg : backgrounds(r, all)) {
                    Rgba back = color(bg, palette).over(window);
                    double got = ratio(color(fill, palette).over(back), back);
                    if (got < need) {
                        out.add(String.format("%s (%s): text %s on %s is %.2f:1, needs %.1f:1", r.selector(), themeName,
                                fill, bg, got, need));
                    }
                }
            }
            boolean component = r.selector().startsWith(".state-dot") || r.selector().startsWith(".badge");
            String paint = component ? r.decls().get("-fx-background-color") : null;
            if (r.selector().endsWith(":focused")) {
                paint = r.decls().get("-fx-border-color"); // the focus ring
            }
            if (paint != null && isPaint(paint)) {
                for (String bg : SURFACES) {
                    Rgba back = color(bg, palette).over(window);
                    double got = ratio(color(paint, palette).over(back), back);
                    if (got < COMPONENT) {
                        out.add(String.format("%s (%s): %s on %s is %.2f:1, needs %.1f:1 (a UI component)",
                                r.selector(), themeName, paint, bg, got, COMPONENT));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void theRatiosAreWcagsOwn() {
        Map<String, String> none = Map.of();
        assertEquals(21.0, ratio(color("#000000", none), color("#ffffff", none)), 0.01);
        assertEquals(1.0, ratio(color("#777777", none), color("#777777", none)), 0.001);
        // WebAIM's figure for #767676 on white: 4.54:1, the lightest grey that passes AA for normal text
        assertEquals(4.54, ratio(color("#767676", none), color("#fff", none)), 0.01);
    }

    @Test
    void aTooPaleRuleIsReportedWithItsSelector() {
        String theme = ".root { -color-bg-default: #ffffff; -color-bg-subtle: #f6f8fa; -color-fg-pale: #aaaaaa;"
                + " -fx-font-size: 14px; }";
        List<String> bad = failures("test", theme, ".hint { -fx-text-fill: -color-fg-pale; }"
                + " .title { -fx-text-fill: #767676; -fx-font-size: 2em; }");
        assertEquals(2, bad.size(), bad.toString()); // .hint fails on both surfaces; .title is large text and passes
        assertTrue(bad.get(0).startsWith(".hint (test): text -color-fg-pale on -color-bg-default"), bad.toString());
    }

    @Test
    void everyTextAndComponentColourOfTheAppMeetsWcagAaInTheLightAndTheDarkTheme() throws IOException {
        String app = read("/org/oxisync/ui/oxisync.css") + "\n" + THEME_USES;
        List<String> bad = new ArrayList<>();
        bad.addAll(failures("light", read(new PrimerLight().getUserAgentStylesheet()), app));
        bad.addAll(failures("dark", read(new PrimerDark().getUserAgentStylesheet()), app));
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
}
