package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.store.versions.RetentionPolicy;

class SettingKeysTest {
    @Test
    void bandwidthInKibPerSecondBecomesBytesAndBadValuesMeanUnlimited() {
        assertEquals(512 * 1024, SettingKeys.kibPerSecond(Map.of(SettingKeys.UP, "512"), SettingKeys.UP));
        assertEquals(0, SettingKeys.kibPerSecond(Map.of(), SettingKeys.UP));
        assertEquals(0, SettingKeys.kibPerSecond(Map.of(SettingKeys.UP, "fast"), SettingKeys.UP));
        assertEquals(0, SettingKeys.kibPerSecond(Map.of(SettingKeys.UP, "-5"), SettingKeys.UP));
    }

    @Test
    void proxySettingIsNoneHostPortOrTheSystemDefault() {
        assertEquals(Proxy.NO_PROXY, SettingKeys.parseProxy("none").orElseThrow());
        Proxy p = SettingKeys.parseProxy("proxy.lan:3128").orElseThrow();
        assertEquals(Proxy.Type.HTTP, p.type());
        assertEquals(3128, ((InetSocketAddress) p.address()).getPort());
        assertTrue(SettingKeys.parseProxy("system").isEmpty());
    }

    @Test
    void retentionComesFromDaysAndGibWithDefaultsForTheRest() {
        RetentionPolicy r = SettingKeys.retention(Map.of(SettingKeys.RETENTION_DAYS, "7", SettingKeys.RETENTION_GIB, "2"));
        assertEquals(Duration.ofDays(7), r.maxAge());
        assertEquals(2L << 30, r.maxTotalBytes());
        assertEquals(RetentionPolicy.DEFAULT, SettingKeys.retention(Map.of(SettingKeys.RETENTION_DAYS, "x")));
    }
}
