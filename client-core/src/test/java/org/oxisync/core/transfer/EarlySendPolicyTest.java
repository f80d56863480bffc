package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EarlySendPolicyTest {

    @Test
    void aServerOnThisMachineGetsNoSendingWhileHashing() {
        for (String server : new String[] {"http://127.0.0.1:8086", "https://localhost", "http://[::1]:9000/",
                "http://LOCALHOST:80", "http://127.1.2.3", "http://oxi.localhost:8080"}) {
            assertEquals(TransferOptions.EARLY_SEND_OFF, EarlySendPolicy.earlySendBytes(server, null), server);
        }
    }

    @Test
    void aServerElsewhereGetsLargeFilesSentWhileTheyAreHashed() {
        for (String server : new String[] {"https://cloud.example.org", "http://192.168.1.20:8086",
                "https://[2001:db8::1]/", "http://nas"}) {
            assertEquals(EarlySendingDigester.MIN_BYTES, EarlySendPolicy.earlySendBytes(server, null), server);
            assertEquals(EarlySendingDigester.MIN_BYTES, EarlySendPolicy.options(server, null).earlySendBytes());
        }
    }

    @Test
    void thePropertyOverridesTheChoiceEitherWay() {
        assertEquals(TransferOptions.EARLY_SEND_OFF, EarlySendPolicy.earlySendBytes("https://cloud.example.org", 0L));
        assertEquals(1L << 30, EarlySendPolicy.earlySendBytes("http://127.0.0.1:8086", 1L << 30));
        assertEquals(TransferOptions.defaults(), EarlySendPolicy.options("https://cloud.example.org", -1L));
    }

    @Test
    void anUnreadableServerAddressGetsNoSendingWhileHashing() {
        for (String server : new String[] {null, "", "not a url", "file:///tmp/x"}) {
            assertEquals(TransferOptions.EARLY_SEND_OFF, EarlySendPolicy.earlySendBytes(server, null), server);
        }
    }
}
