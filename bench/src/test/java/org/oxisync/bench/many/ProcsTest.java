package org.oxisync.bench.many;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the soak does not count as a daemon's descriptor growth. */
class ProcsTest {
    @Test
    void theVirtualThreadPollerStartedAfterTheBaselineAccountsForItsEpollDescriptorsOnly() {
        assertEquals(4, Procs.virtualThreadPollerDescriptors(Map.of("process reaper", 1), Map.of("MasterPoller", 1),
                Map.of("anon_inode", 1, "socket", 3), Map.of("anon_inode", 5, "socket", 6)));
    }

    @Test
    void aPollerRunningAtTheBaselineExcusesNothing() {
        assertEquals(0, Procs.virtualThreadPollerDescriptors(Map.of("MasterPoller", 1), Map.of("MasterPoller", 1),
                Map.of("anon_inode", 1), Map.of("anon_inode", 5)));
    }

    @Test
    void withoutThePollerEveryNewDescriptorCounts() {
        assertEquals(0, Procs.virtualThreadPollerDescriptors(Map.of(), Map.of(), Map.of("anon_inode", 1),
                Map.of("anon_inode", 5)));
    }
}
