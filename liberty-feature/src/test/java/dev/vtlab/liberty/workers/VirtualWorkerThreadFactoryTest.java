package dev.vtlab.liberty.workers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Liberty keeps a removed default-executor thread factory in its pool (ExecutorServiceImpl.unsetThreadFactory nulls
 * its parameter, not its field): once unregistered, the factory makes platform workers, as the mode's marker says.
 */
class VirtualWorkerThreadFactoryTest {

    @Test
    void virtualWorkersWhileRegisteredPlatformOnesAfter() {
        VirtualWorkerThreadFactory factory = new VirtualWorkerThreadFactory();
        factory.activate();
        Thread registered = factory.newThread(() -> {});
        assertTrue(registered.isVirtual(), registered.toString());
        assertTrue(registered.getName().startsWith("Default Executor-vthread-"), registered.getName());

        factory.deactivate();
        Thread after = factory.newThread(() -> {});
        assertFalse(after.isVirtual(), after.toString());
        assertTrue(after.isDaemon(), "a pool worker does not keep the JVM up");
        assertTrue(after.getName().startsWith("Default Executor-thread-after-vtlab-"), after.getName());
    }
}
