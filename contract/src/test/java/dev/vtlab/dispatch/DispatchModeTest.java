package dev.vtlab.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.liberty.FeatureContract;
import org.junit.jupiter.api.Test;

class DispatchModeTest {

    @Test
    void parsesEitherModeInAnyCase() {
        assertEquals(DispatchMode.THREADPOOL, DispatchMode.parse("threadpool"));
        assertEquals(DispatchMode.VIRTUAL, DispatchMode.parse(" Virtual "));
        assertEquals("virtual", DispatchMode.VIRTUAL.label());
        assertEquals(DispatchMode.EXECUTOR_VIRTUAL, DispatchMode.parse("executor-virtual"));
        assertEquals("pool-virtual-workers", DispatchMode.POOL_VIRTUAL_WORKERS.label());
        assertEquals(DispatchMode.PLATFORM_HANDOFF, DispatchMode.parse("PLATFORM-HANDOFF"));
        assertEquals(DispatchMode.MANAGED_VIRTUAL, DispatchMode.parse("managed-virtual"));
        assertEquals("managed-platform", DispatchMode.MANAGED_PLATFORM.label());
        // the feature sets vtlab.liberty.feature to this label with start=run
        assertEquals(FeatureContract.EXECUTOR_VIRTUAL_AT_RUN_MODE, DispatchMode.EXECUTOR_VIRTUAL_AT_RUN.label());
    }

    @Test
    void theManagedModesHandOffThroughLibertysExecutorTheControlOnItsPool() {
        assertTrue(DispatchMode.MANAGED_VIRTUAL.handsOff() && DispatchMode.MANAGED_PLATFORM.handsOff());
        assertTrue(DispatchMode.MANAGED_VIRTUAL.managedExecutor() && DispatchMode.MANAGED_PLATFORM.managedExecutor());
        assertFalse(DispatchMode.VIRTUAL.managedExecutor() || DispatchMode.THREADPOOL.managedExecutor());
        assertTrue(DispatchMode.MANAGED_VIRTUAL.runsOnVirtualThread());
        assertFalse(DispatchMode.MANAGED_PLATFORM.runsOnVirtualThread());
        // without virtual threads a managed executor's tasks hold Default Executor threads
        assertTrue(DispatchMode.MANAGED_PLATFORM.poolThreadPerRequest());
        assertFalse(DispatchMode.MANAGED_VIRTUAL.poolThreadPerRequest());
        assertFalse(DispatchMode.MANAGED_VIRTUAL.needsLibertyFeature()
                || DispatchMode.MANAGED_PLATFORM.needsLibertyFeature());
        assertEquals(DispatchMode.MANAGED_PLATFORM, DispatchMode.MANAGED_VIRTUAL.control());
        assertEquals(DispatchMode.PLATFORM_HANDOFF, DispatchMode.VIRTUAL.control());
        assertNull(DispatchMode.EXECUTOR_VIRTUAL.control());
    }

    @Test
    void saysWhereEachModeRunsTheResource() {
        assertTrue(DispatchMode.VIRTUAL.handsOff() && DispatchMode.PLATFORM_HANDOFF.handsOff());
        assertFalse(DispatchMode.THREADPOOL.handsOff() || DispatchMode.EXECUTOR_VIRTUAL.handsOff());
        assertFalse(
                DispatchMode.PLATFORM_HANDOFF.runsOnVirtualThread() || DispatchMode.THREADPOOL.runsOnVirtualThread());
        assertTrue(DispatchMode.EXECUTOR_VIRTUAL.needsLibertyFeature()
                && DispatchMode.EXECUTOR_VIRTUAL_AT_RUN.needsLibertyFeature()
                && DispatchMode.POOL_VIRTUAL_WORKERS.needsLibertyFeature());
        assertTrue(DispatchMode.EXECUTOR_VIRTUAL_AT_RUN.runsOnVirtualThread()
                && !DispatchMode.EXECUTOR_VIRTUAL_AT_RUN.handsOff());
    }

    @Test
    void threadpoolAsyncAnswersAsynchronouslyOnThePoolThreadWithNoHandOff() {
        DispatchMode mode = DispatchMode.parse("threadpool-async");
        assertTrue(mode.answersAsync());
        assertFalse(mode.handsOff() || mode.runsOnVirtualThread() || mode.needsLibertyFeature());
        assertTrue(mode.poolThreadPerRequest() && mode.applicationLevel());
        assertFalse(DispatchMode.THREADPOOL.answersAsync());
        assertTrue(DispatchMode.MANAGED_VIRTUAL.answersAsync() && DispatchMode.VIRTUAL.answersAsync());
        // what one server can switch between at run time: every mode but those of vtlab's Liberty features
        assertFalse(DispatchMode.EXECUTOR_VIRTUAL.applicationLevel()
                || DispatchMode.POOL_VIRTUAL_WORKERS.applicationLevel());
    }

    @Test
    void anythingElseIsAClearStartupError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DispatchMode.parse("loom"));
        assertEquals(
                "DISPATCH_MODE must be one of 'threadpool', 'executor-virtual', 'executor-virtual-at-run', "
                        + "'pool-virtual-workers', 'virtual', "
                        + "'platform-handoff', 'managed-virtual', 'managed-platform', 'threadpool-async', not 'loom'",
                e.getMessage());
    }
}
