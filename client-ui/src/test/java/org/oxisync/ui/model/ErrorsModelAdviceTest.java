package org.oxisync.ui.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ErrorsModelAdviceTest {
    @Test
    void missingFolderAdviceWinsWhateverItsPathHolds() {
        String msg = "the local folder /tmp/junit-4015037775540234400/quota 507/Cloud is missing or not a folder;"
                + " nothing was synced (if it moved, remove and re-add the pair)";
        assertTrue(ErrorsModel.advice(msg).contains("Reconnect it"), ErrorsModel.advice(msg));
    }

    @Test
    void httpStatusesAreRecognisedAsWordsOnly() {
        assertTrue(ErrorsModel.advice("server said 401 Unauthorized").contains("sign in again"));
        assertTrue(ErrorsModel.advice("upload failed: HTTP 507").contains("storage on the server is full"));
        assertTrue(ErrorsModel.advice("cannot read docs/report-4015.txt").contains("retries this by itself"),
                "a number inside a name is not a status");
    }

    @Test
    void aDeletedServerFolderOffersRestoreOrRemoveNotWaiting() {
        String advice = ErrorsModel.advice(org.oxisync.core.remote.RemoteRoot.goneMessage());
        assertTrue(advice.contains("Restore it from the server's trash") && advice.contains("remove this pair"), advice);
    }
}
