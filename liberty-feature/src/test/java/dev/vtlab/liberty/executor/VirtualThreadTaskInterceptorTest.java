package dev.vtlab.liberty.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.wsspi.kernel.service.location.VariableRegistry;
import dev.vtlab.liberty.FeatureContract;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.management.MBeanAttributeInfo;
import javax.management.StandardMBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The interceptor outside Liberty: Liberty calls wrap on the submitting thread and queues what it returns
 * for a pool thread; here the test's thread submits and a thread named as Liberty names its pool threads
 * runs what was queued. The integration tests do the same inside a real server.
 */
class VirtualThreadTaskInterceptorTest {

    private VirtualThreadTaskInterceptor interceptor;

    @AfterEach
    void deactivate() {
        if (interceptor != null) {
            interceptor.deactivate();
        }
        System.clearProperty(FeatureContract.MODE_PROPERTY);
    }

    /** Activated with these settings, as Liberty would resolve them, and the server started. */
    private VirtualThreadTaskInterceptor started(Map<String, String> settings) {
        interceptor = new VirtualThreadTaskInterceptor();
        interceptor.setVariableRegistry(new Settings(settings));
        interceptor.activate();
        interceptor.setServerStarted(null);
        return interceptor;
    }

    @Test
    void theMXBeanShowsTheAttributesFeatureContractNames() throws Exception {
        StandardMBean bean = new StandardMBean(new VirtualThreadTaskInterceptor(), ExecutorVirtualMXBean.class, true);
        Set<String> attributes = Arrays.stream(bean.getMBeanInfo().getAttributes())
                .map(MBeanAttributeInfo::getName)
                .collect(Collectors.toSet());
        assertEquals(
                Set.of(
                        FeatureContract.ATTRIBUTE_TASKS_IN_FLIGHT,
                        FeatureContract.ATTRIBUTE_TASKS_STARTED,
                        FeatureContract.ATTRIBUTE_TASKS_STARTED_AT_SUBMIT,
                        FeatureContract.ATTRIBUTE_TASKS_STARTED_ON_POOL_THREAD,
                        FeatureContract.ATTRIBUTE_MAX_IN_FLIGHT,
                        FeatureContract.ATTRIBUTE_START),
                attributes);
    }

    @Test
    void atSubmitTheVirtualThreadStartsBeforeThePoolRunsAnything() throws Exception {
        started(Map.of());
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        Runnable queued = interceptor.wrap(() -> {
            ranOn.complete(Thread.currentThread());
        });
        Thread thread = ranOn.get(5, TimeUnit.SECONDS); // the pool has not run what it was given
        assertTrue(thread.isVirtual(), thread.toString());
        assertTrue(thread.getName().startsWith("vtlab-executor-"), thread.getName());
        runOnPoolThread(queued); // what the pool got does nothing
        assertEquals(1, interceptor.getTasksStartedAtSubmit());
        assertEquals(0, interceptor.getTasksStartedOnPoolThread());
        assertEquals("submit", interceptor.getStart());
        assertNull(System.getProperty(FeatureContract.MODE_PROPERTY), "start=submit leaves the mode marker as it was");
    }

    @Test
    void theServerStartedMayBeBoundBeforeActivation() throws Exception {
        interceptor = new VirtualThreadTaskInterceptor();
        interceptor.setVariableRegistry(new Settings(Map.of()));
        interceptor.setServerStarted(null);
        interceptor.activate();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        interceptor.wrap(() -> {
            ranOn.complete(Thread.currentThread());
        });
        assertTrue(ranOn.get(5, TimeUnit.SECONDS).isVirtual());
    }

    @Test
    void pastTheBoundTheSubmitterDoesNotWaitAndThePoolThreadStartsTheTask() throws Exception {
        started(Map.of(FeatureContract.MAX_IN_FLIGHT_PROPERTY, "1"));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstRunning = new CountDownLatch(1);
        runOnPoolThread(interceptor.wrap(() -> {
            firstRunning.countDown();
            awaitQuietly(release);
        }));
        assertTrue(firstRunning.await(5, TimeUnit.SECONDS));

        CompletableFuture<Thread> second = new CompletableFuture<>();
        Runnable queued = assertTimeoutPreemptively(
                Duration.ofSeconds(5),
                () -> interceptor.wrap(() -> {
                    second.complete(Thread.currentThread());
                }));
        Thread pool = new Thread(queued, "Default Executor-thread-1");
        pool.start();
        Thread.sleep(200);
        assertFalse(second.isDone(), "no slot yet: the pool thread waits for one");
        release.countDown();
        assertTrue(second.get(5, TimeUnit.SECONDS).isVirtual());
        pool.join(5000);
        assertEquals(1, interceptor.getTasksStartedAtSubmit());
        assertEquals(1, interceptor.getTasksStartedOnPoolThread());
        assertEquals(2, interceptor.getTasksStarted());
    }

    @Test
    void atRunThePoolThreadStartsItAndTheModeIsExecutorVirtualAtRun() throws Exception {
        started(Map.of(FeatureContract.START_PROPERTY, "run"));
        assertEquals("executor-virtual-at-run", System.getProperty(FeatureContract.MODE_PROPERTY));
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        Runnable queued = interceptor.wrap(() -> {
            ranOn.complete(Thread.currentThread());
        });
        Thread.sleep(100);
        assertFalse(ranOn.isDone(), "nothing starts before a pool thread takes the task");
        runOnPoolThread(queued);
        assertTrue(ranOn.get(5, TimeUnit.SECONDS).isVirtual());
        assertEquals(0, interceptor.getTasksStartedAtSubmit());
        assertEquals(1, interceptor.getTasksStartedOnPoolThread());
    }

    @Test
    void aBadSettingRefusesTheModeWithOneLineNamingIt() {
        System.setProperty(FeatureContract.MODE_PROPERTY, "executor-virtual"); // as the bundle's activator set it
        started(Map.of(FeatureContract.MAX_IN_FLIGHT_PROPERTY, "abc"));
        assertEquals(
                "refused: vtlab.executorVirtual.maxInFlight must be a whole number 1..1000000, not 'abc'",
                System.getProperty(FeatureContract.MODE_PROPERTY),
                "the app refuses the mode with this line");
        Runnable task = () -> {};
        assertSame(task, interceptor.wrap(task), "nothing is started: the pool runs it as without the feature");
    }

    private static void runOnPoolThread(Runnable queued) throws InterruptedException {
        Thread pool = new Thread(queued, "Default Executor-thread-1");
        pool.start();
        pool.join(5000);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Resolves ${name} as Liberty's registry does: the value where one is set, else the reference unchanged. */
    private record Settings(Map<String, String> values) implements VariableRegistry {

        @Override
        public String resolveRawString(String reference) {
            String name = reference.substring(2, reference.length() - 1);
            return values.getOrDefault(name, reference);
        }

        @Override
        public String resolveString(String reference) {
            return resolveRawString(reference);
        }

        @Override
        public boolean addVariable(String name, String value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void replaceVariable(String name, String value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void removeVariable(String name) {
            throw new UnsupportedOperationException();
        }
    }
}
