package org.oxisync.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oxisync.ui.i18n.I18n;

/** Issue 18 #28: the wizard says that plain http carries the password unencrypted, as the CLI does. */
class WizardServerInfoTest {
    /** The words these checks read; nothing global. */
    private final I18n i18n = I18n.english();

    @Test
    void plainHttpToAnotherComputerIsWarnedAbout() {
        String info = WizardModel.serverInfo(i18n, "0.8.7", "http://cloud.example.org:8086");
        assertTrue(info.startsWith("OxiCloud 0.8.7 at http://cloud.example.org:8086\n"), info);
        assertTrue(info.contains("your password and your files travel unencrypted"), info);
    }

    @Test
    void httpsAndThisComputerNeedNoWarning() {
        assertEquals("OxiCloud 0.8.7 at https://cloud.example.org", WizardModel.serverInfo(i18n, "0.8.7", "https://cloud.example.org"));
        assertEquals("OxiCloud 0.8.7 at http://127.0.0.1:8086", WizardModel.serverInfo(i18n, "0.8.7", "http://127.0.0.1:8086"));
    }
}
