package org.oxisync.ui.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/**
 * The wizard's review when one side is empty: what the first sync copies, with its count and size
 * ("The folder on the server holds 1,204 files (3.2 GiB) to sync and this folder is empty: the first sync downloads
 * them."). Excluded folders are not counted. Blocking: run it in the background.
 *
 * @param downloadBytes the bytes the first sync downloads (0 when it uploads)
 */
record FirstCopy(String text, long downloadBytes) {
    /** The local folder holds files, the server's is empty: everything is uploaded. */
    static FirstCopy upload(I18n i18n, Path local) throws IOException {
        long[] n = new long[2];
        try (Stream<Path> s = Files.walk(local)) {
            s.filter(Files::isRegularFile).forEach(f -> {
                n[0]++;
                try {
                    n[1] += Files.size(f);
                } catch (IOException e) {
                    // gone meanwhile: not counted
                }
            });
        }
        return new FirstCopy(i18n.t("wizard.review.uploads", "count", n[0], "size", Formats.bytes(i18n, n[1])), 0);
    }

    /** The local folder is empty: the server's files, less those of the excluded folders, come down. */
    static FirstCopy download(I18n i18n, RemoteFolders folders, RemoteFolder remote, List<RemoteFolder> excluded) {
        RemoteFolders.Size all = folders.size(remote);
        long files = all.files();
        long bytes = all.bytes();
        for (RemoteFolder x : excluded) {
            RemoteFolders.Size size = folders.size(x);
            files -= size.files();
            bytes -= size.bytes();
        }
        if (files <= 0) {
            return new FirstCopy(i18n.t("wizard.review.bothEmpty"), 0);
        }
        return new FirstCopy(i18n.t(all.complete() ? "wizard.review.downloads" : "wizard.review.downloads.more",
                "count", files, "size", Formats.bytes(i18n, bytes)), bytes);
    }
}
