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

    @Test
    void theVirtualThreadSchedulerStartedAfterTheBaselineAccountsForItsOwnThreadsOnly() {
        Map<String, Integer> before = Map.of("ForkJoinPool-1-", 2, "process reaper", 1, "pool-N-thread-N", 3);
        Map<String, Integer> after = Map.of("ForkJoinPool-1-", 2, "ForkJoinPool-2-", 3, "MasterPoller", 1,
                "VirtualThread-u", 1, "pool-N-thread-N", 5);
        assertEquals(5, Procs.virtualThreadSchedulerThreads(before, after));
        assertEquals(0, Procs.virtualThreadSchedulerThreads(after, after), "already running at the baseline");
        assertEquals(0, Procs.virtualThreadSchedulerThreads(before, Map.of("ForkJoinPool-2-", 3)), "no poller: no excuse");
    }
}
