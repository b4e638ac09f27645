package dev.vtlab.liberty.executor;

import static dev.vtlab.liberty.FeatureContract.EXECUTOR_VIRTUAL_MBEAN;
import static dev.vtlab.liberty.FeatureContract.MAX_IN_FLIGHT_PROPERTY;
import static dev.vtlab.liberty.FeatureContract.MODE_PROPERTY;

import com.ibm.wsspi.kernel.service.utils.ServerQuiesceListener;
import com.ibm.wsspi.threading.ExecutorServiceTaskInterceptor;
import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The {@code executor-virtual} mode, the IBM study's prototype rebuilt as a user feature: every task
 * Liberty's Default Executor runs, runs on a new virtual thread. Liberty binds any number of
 * ExecutorServiceTaskInterceptor services and wraps each task with them (ExecutorServiceImpl, 26.0.0.3):
 * <ul>
 * <li><b>execute / executeGlobal</b> (fire and forget; how the TCP channel dispatches HTTP work): the pool
 * thread starts a virtual thread and returns at once. HTTP parsing, the servlet container, JAX-RS and the
 * resource all run on that virtual thread.</li>
 * <li><b>submit(Runnable)</b>: the caller's Future is made around what this returns, so a hand-off would
 * complete it before the work ran. The work runs on a virtual thread and the pool thread waits for it. The
 * two calls look alike, so this looks at its caller's frames (a few microseconds; skipped for the task
 * classes Liberty only ever executes, which carry nearly all the traffic).</li>
 * <li><b>Callables</b> (submit, invokeAll, invokeAny): likewise on a virtual thread the pool thread joins.</li>
 * </ul>
 * Not before the server has started: startup does much class loading on the executor, a virtual thread
 * that loads a class is pinned to its carrier, and with as many carriers as CPUs the server deadlocked in
 * 2 of 7 starts. Bound: at most {@code vtlab.executorVirtual.maxInFlight} handed-off tasks run at once
 * (default 10 000, 1..1 000 000); past it the pool thread waits for one to end, so the excess queues in
 * Liberty's pool as it would without this feature.
 */
public class VirtualThreadTaskInterceptor
        implements ExecutorServiceTaskInterceptor, ServerQuiesceListener, ExecutorVirtualMXBean {

    private static final String EXECUTOR_IMPL = "com.ibm.ws.threading.internal.ExecutorServiceImpl";
    private static final StackWalker WALKER = StackWalker.getInstance();
    /** Task classes Liberty 26.0.0.3 only ever passes to execute() (read from their bytecode): no stack walk. */
    private static final Set<String> EXECUTE_ONLY = Set.of(
            "com.ibm.ws.tcpchannel.internal.WorkQueueManager$Worker",
            "com.ibm.ws.threading.internal.SchedulingHelper$ExpeditedFutureTask");

    private static final ClassValue<Boolean> IS_EXECUTE_ONLY = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return EXECUTE_ONLY.contains(type.getName());
        }
    };
    /** True on a thread running a handed-off task (a stop requested from one must not wait for itself). */
    private static final ThreadLocal<Boolean> ON_HANDOFF_THREAD = new ThreadLocal<>();

    private final ThreadFactory handoffThreads =
            Thread.ofVirtual().name("vtlab-executor-", 1).factory();
    private final ThreadFactory joinThreads =
            Thread.ofVirtual().name("vtlab-executor-join-", 1).factory();
    private final LongAdder inFlight = new LongAdder();
    private final LongAdder started = new LongAdder();
    private Semaphore admission;
    private int maxInFlight;
    private volatile boolean intercepting;

    protected void activate() {
        int max = Integer.getInteger(MAX_IN_FLIGHT_PROPERTY, 10_000);
        if (max < 1 || max > 1_000_000) {
            System.clearProperty(MODE_PROPERTY); // so the app refuses the mode instead of running it on pool threads
            throw new IllegalArgumentException(MAX_IN_FLIGHT_PROPERTY + " must be 1..1000000, not " + max);
        }
        admission = new Semaphore(max);
        maxInFlight = max;
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, new ObjectName(EXECUTOR_VIRTUAL_MBEAN));
        } catch (JMException e) {
            System.out.println("vtlab: " + EXECUTOR_VIRTUAL_MBEAN
                    + " not registered, /metrics will not show the feature's tasks: " + e);
        }
        System.out.println("vtlab: Default Executor tasks will run on new virtual threads once the server has started"
                + " (at most " + max + " at once)");
    }

    protected void setServerStarted(org.osgi.framework.ServiceReference<?> started) {
        intercepting = true;
    }

    protected void unsetServerStarted(org.osgi.framework.ServiceReference<?> started) {
        intercepting = false;
    }

    protected void deactivate() {
        intercepting = false;
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(new ObjectName(EXECUTOR_VIRTUAL_MBEAN));
        } catch (JMException e) {
            // never registered
        }
    }

    /** Server stop: Liberty's own quiesce cannot see handed-off tasks, so wait for them here (up to 30 s). */
    @Override
    public void serverStopping() {
        long self = Boolean.TRUE.equals(ON_HANDOFF_THREAD.get()) ? 1 : 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (inFlight.sum() > self && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public long getTasksInFlight() {
        return inFlight.sum();
    }

    @Override
    public long getTasksStarted() {
        return started.sum();
    }

    @Override
    public int getMaxInFlight() {
        return maxInFlight;
    }

    @Override
    public Runnable wrap(Runnable task) {
        if (!intercepting) {
            return task;
        }
        if (!IS_EXECUTE_ONLY.get(task.getClass()) && calledFromSubmit()) {
            return () -> runJoined(task);
        }
        return () -> handOff(task);
    }

    @Override
    public <T> Callable<T> wrap(Callable<T> task) {
        return intercepting ? () -> joined(task) : task;
    }

    private static boolean calledFromSubmit() {
        return WALKER.walk(frames -> frames.limit(8)
                .anyMatch(f -> EXECUTOR_IMPL.equals(f.getClassName()) && "submit".equals(f.getMethodName())));
    }

    /** On the pool thread: start a virtual thread for the task and return (after a permit, the bound). */
    private void handOff(Runnable task) {
        admission.acquireUninterruptibly();
        inFlight.increment();
        started.increment();
        try {
            handoffThreads
                    .newThread(() -> {
                        ON_HANDOFF_THREAD.set(Boolean.TRUE);
                        try {
                            task.run();
                        } finally {
                            inFlight.decrement();
                            admission.release();
                        }
                    })
                    .start();
        } catch (RuntimeException | Error notStarted) { // e.g. no memory for another thread: run it here
            inFlight.decrement();
            admission.release();
            task.run();
        }
    }

    private void runJoined(Runnable task) {
        try {
            joined(Executors.callable(task));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw VirtualThreadTaskInterceptor.<RuntimeException>rethrow(e);
        }
    }

    /** On the pool thread: run the task on a virtual thread and wait for it, so the caller's Future stays true. */
    private <T> T joined(Callable<T> task) throws Exception {
        FutureTask<T> work = new FutureTask<>(task);
        Thread thread = joinThreads.newThread(work);
        started.increment();
        thread.start();
        try {
            return work.get();
        } catch (InterruptedException e) { // Future.cancel(true) interrupted the pool thread
            thread.interrupt();
            throw e;
        } catch (ExecutionException e) {
            throw VirtualThreadTaskInterceptor.<Exception>rethrow(e.getCause());
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E rethrow(Throwable t) throws E {
        throw (E) t;
    }
}
