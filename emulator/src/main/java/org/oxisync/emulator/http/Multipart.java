package org.oxisync.emulator.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A streaming {@code multipart/form-data} reader: parts are read one after another, each body as a
 * stream that ends at the next boundary, so a large file part never sits in memory.
 */
public final class Multipart {
    /** One part: its form field name, its filename (null for a text field) and its body. */
    public record Part(String name, String filename, String contentType, InputStream body) {}

    private static final int BUF = 64 * 1024;

    private final InputStream in;
    private final byte[] delimiter; // "\r\n--" + boundary
    private final byte[] buf;
    private int pos;
    private int lim;
    private boolean finished;
    private PartStream current;

    public Multipart(InputStream in, String contentType) {
        String boundary = boundary(contentType);
        if (boundary == null) {
            throw ApiError.text(400, "Invalid `boundary` for `multipart/form-data` request");
        }
        this.in = in;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.buf = new byte[BUF + delimiter.length + 4];
        // The body starts with "--boundary" (no leading CRLF): pretend one was there.
        buf[0] = '\r';
        buf[1] = '\n';
        pos = 0;
        lim = 2;
    }

    static String boundary(String contentType) {
        if (contentType == null) {
            return null;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].trim().equalsIgnoreCase("multipart/form-data")) {
            return null;
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.toLowerCase(Locale.ROOT).startsWith("boundary=")) {
                String b = p.substring(9).trim();
                if (b.startsWith("\"") && b.endsWith("\"") && b.length() >= 2) {
                    b = b.substring(1, b.length() - 1);
                }
                return b.isEmpty() ? null : b;
            }
        }
        return null;
    }

    private boolean fill(int need) throws IOException {
        if (lim - pos >= need) {
            return true;
        }
        System.arraycopy(buf, pos, buf, 0, lim - pos);
        lim -= pos;
        pos = 0;
        while (lim < need) {
            int n = in.read(buf, lim, buf.length - lim);
            if (n < 0) {
                return false;
            }
            lim += n;
        }
        return true;
    }

    private static ApiError malformed() {
        return ApiError.text(400, "Error parsing `multipart/form-data` request");
    }

    /** The next part, or null after the closing boundary. */
    public Part next() throws IOException {
        if (finished) {
            return null;
        }
        if (current != null) {
            current.transferTo(java.io.OutputStream.nullOutputStream());
        } else {
            // skip preamble up to the first delimiter
            new PartStream().transferTo(java.io.OutputStream.nullOutputStream());
        }
        // after the delimiter: "--" (end) or CRLF
        if (!fill(2)) {
            throw malformed();
        }
        if (buf[pos] == '-' && buf[pos + 1] == '-') {
            finished = true;
            return null;
        }
        // tolerate transport padding, then CRLF
        while (true) {
            if (!fill(2)) {
                throw malformed();
            }
            if (buf[pos] == '\r' && buf[pos + 1] == '\n') {
                pos += 2;
                break;
            }
            if (buf[pos] == ' ' || buf[pos] == '\t') {
                pos++;
                continue;
            }
            throw malformed();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        while (true) {
            String line = readLine();
            if (line.isEmpty()) {
                break;
            }
            int c = line.indexOf(':');
            if (c > 0) {
                headers.put(line.substring(0, c).trim().toLowerCase(Locale.ROOT), line.substring(c + 1).trim());
            }
        }
        String disposition = headers.get("content-disposition");
        if (disposition == null) {
            throw malformed();
        }
        current = new PartStream();
        return new Part(multerAttr(disposition, "name"), multerAttr(disposition, "filename"),
                headers.get("content-type"), current);
    }

    private String readLine() throws IOException {
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        while (true) {
            if (!fill(2)) {
                throw malformed();
            }
            if (buf[pos] == '\r' && buf[pos + 1] == '\n') {
                pos += 2;
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(buf[pos++]);
            if (line.size() > 16 * 1024) {
                throw malformed();
            }
        }
    }

    /**
     * A Content-Disposition attribute read the way multer 3.1.0 ({@code ContentDispositionAttr::extract_from}, the
     * server's multipart parser) reads it: the first occurrence of the attribute name at the start or after
     * whitespace or ';', then '=' (else no value at all: so {@code filename*=} before {@code filename=} hides the
     * file name); a quoted value runs to the first '"' not preceded by a backslash, and {@code \"} becomes '"' (no
     * other unescaping, and no percent-decoding: {@code %22} stays {@code %22}); an unquoted value runs to ';' or ' '.
     * RFC 5987 {@code filename*} is never decoded.
     */
    static String multerAttr(String header, String attr) {
        String h = header;
        while (true) {
            int i = h.indexOf(attr);
            if (i < 0) {
                return null;
            }
            String suffix = h.substring(i + attr.length());
            if (i > 0 && !(isAsciiWs(h.charAt(i - 1)) || h.charAt(i - 1) == ';')) {
                h = suffix;
                continue;
            }
            String rest = trimWsThen(suffix, '=');
            if (rest == null) {
                return null;
            }
            String q = trimWsThen(rest, '"');
            if (q != null) {
                int k = q.indexOf('"');
                if (k < 0) {
                    return null;
                }
                boolean escaped = false;
                while (k > 0 && q.charAt(k - 1) == '\\') {
                    escaped = true;
                    int n = q.indexOf('"', k + 1);
                    if (n < 0) {
                        return null;
                    }
                    k = n;
                }
                String v = q.substring(0, k);
                return escaped ? v.replace("\\\"", "\"") : v;
            }
            String t = trimWsStart(rest);
            int j = t.length();
            for (int x = 0; x < t.length(); x++) {
                if (t.charAt(x) == ';' || t.charAt(x) == ' ') {
                    j = x;
                    break;
                }
            }
            return t.substring(0, j);
        }
    }

    /** {@link #multerAttr} for tests. */
    public static String multerAttrForTest(String header, String attr) {
        return multerAttr(header, attr);
    }

    private static boolean isAsciiWs(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static String trimWsStart(String s) {
        int i = 0;
        while (i < s.length() && isAsciiWs(s.charAt(i))) {
            i++;
        }
        return s.substring(i);
    }

    private static String trimWsThen(String s, char c) {
        String t = trimWsStart(s);
        return !t.isEmpty() && t.charAt(0) == c ? t.substring(1) : null;
    }

    /** The emulator's earlier, lenient parameter parser (kept for reference; no longer used for parts). */
    static Map<String, String> dispositionParams(String value) {
        Map<String, String> m = new LinkedHashMap<>();
        int i = value.indexOf(';');
        while (i >= 0 && i < value.length()) {
            i++;
            while (i < value.length() && value.charAt(i) == ' ') {
                i++;
            }
            int eq = value.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String key = value.substring(i, eq).trim().toLowerCase(Locale.ROOT);
            int j = eq + 1;
            String v;
            if (j < value.length() && value.charAt(j) == '"') {
                StringBuilder sb = new StringBuilder();
                j++;
                while (j < value.length() && value.charAt(j) != '"') {
                    // No backslash unescaping: browsers send '\\' literally (and '"' as %22).
                    sb.append(value.charAt(j));
                    j++;
                }
                v = sb.toString();
                j++;
            } else {
                int end = value.indexOf(';', j);
                v = value.substring(j, end < 0 ? value.length() : end).trim();
                j = end < 0 ? value.length() : end;
            }
            if (key.equals("filename*")) {
                int q = v.indexOf("''");
                if (q >= 0) {
                    m.put("filename", URLDecoder.decode(v.substring(q + 2).replace("+", "%2B"), StandardCharsets.UTF_8));
                }
            } else if (!(key.equals("filename") && m.containsKey("filename"))) {
                m.put(key, v);
            }
            i = value.indexOf(';', j);
        }
        return m;
    }

    /** Reads until the delimiter; consumes the delimiter at its end. */
    private final class PartStream extends InputStream {
        private boolean done;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            boolean more = fill(delimiter.length);
            int avail = lim - pos;
            // search for the delimiter in the buffered bytes
            int max = avail - delimiter.length;
            for (int i = 0; i <= max; i++) {
                if (matchesAt(pos + i)) {
                    if (i == 0) {
                        pos += delimiter.length;
                        done = true;
                        return -1;
                    }
                    int n = Math.min(i, len);
                    System.arraycopy(buf, pos, b, off, n);
                    pos += n;
                    return n;
                }
            }
            if (!more) {
                throw malformed();
            }
            // safe bytes: those that cannot start a delimiter within the buffer
            int safe = Math.max(1, avail - delimiter.length + 1);
            int n = Math.min(safe, len);
            System.arraycopy(buf, pos, b, off, n);
            pos += n;
            return n;
        }

        private boolean matchesAt(int at) {
            for (int k = 0; k < delimiter.length; k++) {
                if (buf[at + k] != delimiter[k]) {
                    return false;
                }
            }
            return true;
        }
    }
}
