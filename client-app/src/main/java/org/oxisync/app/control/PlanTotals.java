package org.oxisync.app.control;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oxisync.app.state.Bytes;

/**
 * What a plan transfers, by direction: the files and bytes of its download and upload lines. The dry run prints it
 * under the plan ("download 1,204 files, 3.2 GiB"), so a first sync into an empty folder says how much comes before
 * anything is written.
 */
public record PlanTotals(long downloads, long downloadBytes, long uploads, long uploadBytes) {
    /** {@code SyncAction.Download/Upload.describe()}: "download  a/b.txt (new, 2000000 B)". */
    private static final Pattern TRANSFER = Pattern.compile("^(download|upload) .* \\((?:new|update), (\\d+) B\\)$");

    public static PlanTotals of(List<String> planLines) {
        long d = 0;
        long db = 0;
        long u = 0;
        long ub = 0;
        for (String line : planLines) {
            Matcher m = TRANSFER.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long size = Long.parseLong(m.group(2));
            if (m.group(1).equals("download")) {
                d++;
                db += size;
            } else {
                u++;
                ub += size;
            }
        }
        return new PlanTotals(d, db, u, ub);
    }

    /** "download 1,204 files, 3.2 GiB; upload 1 file, 12.0 KiB", or empty when nothing is transferred. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (downloads > 0) {
            b.append("download ").append(files(downloads)).append(", ").append(Bytes.human(downloadBytes));
        }
        if (uploads > 0) {
            b.append(b.isEmpty() ? "" : "; ").append("upload ").append(files(uploads)).append(", ")
                    .append(Bytes.human(uploadBytes));
        }
        return b.toString();
    }

    private static String files(long n) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "file" : "files");
    }
}
