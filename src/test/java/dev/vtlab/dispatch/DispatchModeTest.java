package dev.vtlab.dispatch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DispatchModeTest {

    @Test
    void parsesEitherModeInAnyCase() {
        assertEquals(DispatchMode.THREADPOOL, DispatchMode.parse("threadpool"));
        assertEquals(DispatchMode.VIRTUAL, DispatchMode.parse(" Virtual "));
        assertEquals("virtual", DispatchMode.VIRTUAL.label());
    }

    @Test
    void anythingElseIsAClearStartupError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DispatchMode.parse("loom"));
        assertEquals("DISPATCH_MODE must be 'threadpool' or 'virtual', not 'loom'", e.getMessage());
    }
}
