package org.oxisync.emulator.api;

/**
 * The first range of a {@code Range: bytes=...} header (the real server serves only the first): the REST download
 * and the Nextcloud WebDAV GET (interfaces/range_requests.rs) read it the same way.
 */
public record ByteRange(long start, long endExclusive, boolean unsatisfiable) {
    /** Null when the header is not a bytes range (then the full content is served). */
    public static ByteRange parseFirst(String header, long size) {
        String h = header.trim();
        if (!h.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String first = h.substring(6).split(",")[0].trim();
        int dash = first.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String a = first.substring(0, dash).trim();
        String b = first.substring(dash + 1).trim();
        try {
            if (a.isEmpty()) {
                if (b.isEmpty()) {
                    return null;
                }
                long suffix = Long.parseLong(b);
                if (suffix <= 0 || size == 0) {
                    return new ByteRange(0, 0, true);
                }
                return new ByteRange(Math.max(0, size - suffix), size, false);
            }
            long start = Long.parseLong(a);
            long end = b.isEmpty() ? Long.MAX_VALUE : Long.parseLong(b);
            if (start < 0 || end < start) {
                return null;
            }
            if (start >= size) {
                return new ByteRange(0, 0, true);
            }
            return new ByteRange(start, Math.min(end, size - 1) + 1, false);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
