package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatsTest {
    @Test
    void transferAmountsUseTheTotalsUnitForBothFigures() {
        assertEquals("3.1 of 12 MB", Formats.bytesOf(3_250_586, 12 * 1024 * 1024));
        assertEquals("0.0 of 400 KB", Formats.bytesOf(0, 400 * 1024));
        assertEquals("17 of 900 B", Formats.bytesOf(17, 900));
        assertEquals("1.5 of 1.5 GB", Formats.bytesOf(1_610_612_736L, 1_610_612_736L));
    }

    @Test
    void messagesShownOnTheirOwnStartWithACapital() {
        assertEquals("The local folder is missing", Formats.sentence("the local folder is missing"));
        assertEquals("", Formats.sentence(null));
    }

    @Test
    void activityDetailsShowSizesForPeople() {
        assertEquals("684 KB", org.oxisync.ui.model.ActivityModel.details("700006 bytes"));
        assertEquals("Ok: uploaded 0, downloaded 6", org.oxisync.ui.model.ActivityModel.details("ok: uploaded 0, downloaded 6"));
    }
}
