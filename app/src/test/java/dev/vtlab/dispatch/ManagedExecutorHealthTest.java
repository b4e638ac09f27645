package dev.vtlab.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The readiness of the managed-* modes: the kind of thread the probe task ran on against the one the mode names. */
class ManagedExecutorHealthTest {

    @Test
    void aProbeOnTheWrongKindOfThreadNamesTheModeAndLibertysMessages() {
        assertNull(ManagedExecutorHealth.problem(DispatchMode.MANAGED_VIRTUAL, true));
        assertNull(ManagedExecutorHealth.problem(DispatchMode.MANAGED_PLATFORM, false));
        assertEquals(
                "DISPATCH_MODE=managed-virtual: the managed executor concurrent/vtlab-requests runs its tasks on platform"
                        + " threads: Liberty ignored the concurrencyPolicy's virtual=\"true\" (see messages.log for"
                        + " CWWKE1208I or CWWKC1217I; virtual=\"true\" needs Java 21 or later and concurrent-3.1)",
                ManagedExecutorHealth.problem(DispatchMode.MANAGED_VIRTUAL, false));
        assertEquals(
                "DISPATCH_MODE=managed-platform: the managed executor concurrent/vtlab-requests runs its tasks on"
                        + " virtual threads, where its concurrencyPolicy says virtual=\"false\"",
                ManagedExecutorHealth.problem(DispatchMode.MANAGED_PLATFORM, true));
    }
}
