package org.oxisync.emulator.nextcloud;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The XML and date pieces the Nextcloud surface's multistatus answers are made of (webdav_handler.rs). */
final class DavXml {
    static final DateTimeFormatter RFC2822 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss '+0000'", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    static final DateTimeFormatter RFC3339 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+00:00'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private DavXml() {}

    static void el(StringBuilder x, String tag, String value) {
        x.append('<').append(tag).append('>').append(esc(value)).append("</").append(tag).append('>');
    }

    static String esc(String v) {
        return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                .replace("\"", "&quot;");
    }
}
