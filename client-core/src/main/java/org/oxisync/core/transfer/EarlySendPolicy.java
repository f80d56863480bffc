package org.oxisync.core.transfer;

import java.net.URI;
import java.util.Locale;

/**
 * Whether a run sends large files while it hashes them ({@link EarlySendingDigester}), decided once per account from
 * where its server is.
 *
 * <p>Sending while hashing pays where sending waits on a link: over a network the upload of a new 1 GiB file then
 * starts a second or two after the scan reaches it instead of after the whole file is hashed (measured through a
 * simulated 100 Mbit/s link, bench/README.md "Peers over a link"). With the server on this machine (a loopback
 * address) bytes cost nothing and the server's own hashing shares the CPU: there the overlap made a 1 GiB upload
 * slower (bench/README.md, "Large files on loopback"), so it stays off. The host is judged by its name as written
 * ({@code localhost}, {@code 127.x.y.z}, {@code ::1}), without a DNS look-up.
 *
 * <p>{@code -Doxisync.upload.earlySendBytes=N} overrides the choice: N bytes and more are sent while hashing, 0 turns
 * it off.
 */
public final class EarlySendPolicy {
    /** The system property that overrides the choice. */
    public static final String PROPERTY = "oxisync.upload.earlySendBytes";

    private EarlySendPolicy() {
    }

    /**
     * The {@link TransferOptions#earlySendBytes()} for an account on {@code server}: {@code override} when set (0 or
     * less: off), else {@link EarlySendingDigester#MIN_BYTES} for a server elsewhere and off for one on this machine
     * or one whose address cannot be read.
     */
    public static long earlySendBytes(String server, Long override) {
        if (override != null) {
            return override < 1 ? TransferOptions.EARLY_SEND_OFF : override;
        }
        return isElsewhere(server) ? EarlySendingDigester.MIN_BYTES : TransferOptions.EARLY_SEND_OFF;
    }

    /** The defaults with the early send this account gets ({@link #earlySendBytes}). */
    public static TransferOptions options(String server, Long override) {
        long early = earlySendBytes(server, override);
        return early == TransferOptions.EARLY_SEND_OFF ? TransferOptions.defaults()
                : TransferOptions.defaults().withEarlySendBytes(early);
    }

    static boolean isElsewhere(String server) {
        if (server == null || server.isBlank()) {
            return false;
        }
        String host;
        try {
            host = URI.create(server.trim()).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null || host.isEmpty()) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return !(h.equals("localhost") || h.endsWith(".localhost") || h.startsWith("127.") || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1") || h.equals("0.0.0.0"));
    }
}
