package org.oxisync.ui.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.oxisync.ui.i18n.I18n;

/** The wizard's server address: never one that carries a user or password, and never shown back with them. */
class ServerAddressInWizardTest {
    @Test
    void anAddressWithAPasswordInItIsRefusedWithoutShowingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerCheck.normalize(I18n.english(), "https://bob:hunter2@cloud.example.org"));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ServerCheck.normalize(I18n.english(), "bob:pw@cloud.example.org"));
    }

    @Test
    void aSchemeLessAddressIsHttpsOnly() {
        assertEquals("https://cloud.example.org", ServerCheck.normalize(I18n.english(), "cloud.example.org/"));
    }
}
