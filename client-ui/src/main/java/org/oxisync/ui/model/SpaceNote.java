package org.oxisync.ui.model;

import static org.oxisync.ui.i18n.I18n.t;

import java.util.OptionalLong;
import org.oxisync.ui.app.Formats;

/**
 * What will be downloaded beside the local disk's free space (issue 18 #37): "2.1 GiB to download · 40.3 GiB free
 * on this disk", a warning when it does not fit. Pure.
 *
 * @param tooLarge true when the download is larger than the free space
 */
public record SpaceNote(String text, boolean tooLarge) {
    /**
     * @param toDownload bytes to download; empty while counting
     * @param free       the free space of the local folder's file system; empty when unknown
     */
    public static SpaceNote of(OptionalLong toDownload, OptionalLong free) {
        if (free.isEmpty()) {
            return toDownload.isPresent() && toDownload.getAsLong() > 0
                    ? new SpaceNote(t("space.download", "size", Formats.bytes(toDownload.getAsLong())), false)
                    : new SpaceNote("", false);
        }
        String freeText = Formats.bytes(free.getAsLong());
        if (toDownload.isEmpty()) {
            return new SpaceNote(t("space.counting", "free", freeText), false);
        }
        long need = toDownload.getAsLong();
        if (need > free.getAsLong()) {
            return new SpaceNote(t("space.tooLarge", "size", Formats.bytes(need), "free", freeText), true);
        }
        return new SpaceNote(need == 0 ? t("space.free", "free", freeText)
                : t("space.fits", "size", Formats.bytes(need), "free", freeText), false);
    }
}
