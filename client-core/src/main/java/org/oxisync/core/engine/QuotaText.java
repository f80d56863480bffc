package org.oxisync.core.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.OxiCloudException;

/**
 * Which quota a 507 is about, in the user's words. OxiCloud 0.8.7 checks two before every create: the user's own
 * envelope (the bytes of their Personal drive; it gates uploads into Shared drives too, storage_usage_service.rs:
 * 412-440, 492-522), and a Shared drive's own cap, "Drive quota exceeded: used + size > quota bytes" (:385-408). A
 * Shared drive's files never count against any user's quota, so "your storage is full" would send the user to clean
 * up the wrong place.
 */
final class QuotaText {
    private static final Pattern DRIVE = Pattern.compile("Drive quota exceeded: (\\d+) \\+ (\\d+) > (\\d+) bytes");

    private QuotaText() {}

    /** The reason an upload refused with 507 is given, and every later upload of the run with it. */
    static Reason of(OxiCloudException.QuotaExceeded e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        Matcher d = DRIVE.matcher(m);
        if (d.find()) {
            long used = Long.parseLong(d.group(1));
            long quota = Long.parseLong(d.group(3));
            return Reason.of(ReasonCode.QUOTA, "not uploaded: the shared drive's own quota is full ("
                    + used + " of its " + quota + " bytes used; its files do not count against your personal quota,"
                    + " an owner or the admin must make room or raise the drive's quota)", "quota", quota);
        }
        if (m.startsWith("Not enough storage space") || m.contains("exceeds your total storage quota")) {
            return Reason.of(ReasonCode.QUOTA, "not uploaded: your personal storage quota is full (the server checks"
                    + " it for uploads into shared drives too): " + m);
        }
        return Reason.of(ReasonCode.QUOTA, "not uploaded: the server's storage quota is full" + (m.isEmpty() ? ""
                : ": " + m));
    }
}
