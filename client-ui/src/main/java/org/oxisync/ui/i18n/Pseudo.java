package org.oxisync.ui.i18n;

/**
 * The pseudo-locale's messages: the English pattern with its literal text accented ("Sync" → "Ŝýñç"), 40 %
 * longer (padded with "·") and bracketed, arguments and plural syntax untouched. A text without brackets on
 * screen did not come from the bundle; a label cut to "…" is too narrow for a longer language.
 */
final class Pseudo {
    private static final String FROM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String TO = "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž";

    /** Where the last nested message ended (a second return value of {@link #message}); one per conversion. */
    private int end;

    private Pseudo() {
    }

    static String pattern(String p) {
        return new Pseudo().convert(p);
    }

    private String convert(String p) {
        StringBuilder out = new StringBuilder();
        int letters = message(p, 0, out, false);
        int pad = Math.max(1, (int) Math.ceil(letters * 0.4));
        return "[" + out + " " + "·".repeat(pad) + "]";
    }

    /** Copies a message (up to its closing brace when {@code nested}); returns the count of literal chars. */
    private int message(String p, int start, StringBuilder out, boolean nested) {
        int count = 0;
        int i = start;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '}' && nested) {
                end = i;
                return count;
            }
            if (c == '{') {
                i = argument(p, i, out);
                continue;
            }
            out.append(accent(c));
            count++;
            i++;
        }
        end = i;
        return count;
    }

    /** Copies "{name}", "{n, number}" or "{n, plural, one {…} other {…}}" from {@code i}; returns the index after it. */
    private int argument(String p, int i, StringBuilder out) {
        int close = p.indexOf('}', i);
        int comma = p.indexOf(',', i);
        if (comma < 0 || close < comma) { // simple argument
            out.append(p, i, close + 1);
            return close + 1;
        }
        int comma2 = p.indexOf(',', comma + 1);
        String type = p.substring(comma + 1, comma2 < 0 || comma2 > close ? close : comma2).trim();
        if (!type.equals("plural") && !type.equals("select") && !type.equals("selectordinal")) {
            out.append(p, i, close + 1);
            return close + 1;
        }
        out.append(p, i, comma2 + 1);
        int j = comma2 + 1;
        while (j < p.length()) {
            char c = p.charAt(j);
            if (c == '}') {
                out.append('}');
                return j + 1;
            }
            if (c == '{') {
                out.append('{');
                message(p, j + 1, out, true);
                out.append('}');
                j = end + 1;
                continue;
            }
            out.append(c);
            j++;
        }
        return j;
    }

    private static char accent(char c) {
        int k = FROM.indexOf(c);
        return k < 0 ? c : TO.charAt(k);
    }
}
