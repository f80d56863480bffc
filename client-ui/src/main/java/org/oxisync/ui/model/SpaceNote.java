package org.oxisync.ui.model;

import java.util.OptionalLong;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;

/**
 * What will be downloaded beside the local disk's free space: "2.1 GiB to download · 40.3 GiB free
 * on this disk", a warning when it does not fit. Pure.
 *
 * @param tooLarge true when the download is larger than the free space
 */
public record SpaceNote(String text, boolean tooLarge) {
    /**
     * @param i18n       the words of the shell's language
     * @param toDownload bytes to download; empty while counting
     * @param free       the free space of the local folder's file system; empty when unknown
     */
    public static SpaceNote of(I18n i18n, OptionalLong toDownload, OptionalLong free) {
        if (free.isEmpty()) {
            return toDownload.isPresent() && toDownload.getAsLong() > 0
                    ? new SpaceNote(i18n.t("space.download", "size", Formats.bytes(i18n, toDownload.getAsLong())), false)
                    : new SpaceNote("", false);
        }
        String freeText = Formats.bytes(i18n, free.getAsLong());
        if (toDownload.isEmpty()) {
            return new SpaceNote(i18n.t("space.counting", "free", freeText), false);
        }
        long need = toDownload.getAsLong();
        if (need > free.getAsLong()) {
            return new SpaceNote(i18n.t("space.tooLarge", "size", Formats.bytes(i18n, need), "free", freeText), true);
        }
        return new SpaceNote(need == 0 ? i18n.t("space.free", "free", freeText)
                : i18n.t("space.fits", "size", Formats.bytes(i18n, need), "free", freeText), false);
    }
}
