package dev.vtlab.liberty.executor;

import static dev.vtlab.liberty.FeatureContract.EXECUTOR_VIRTUAL_AT_RUN_MODE;
import static dev.vtlab.liberty.FeatureContract.EXECUTOR_VIRTUAL_MBEAN;
import static dev.vtlab.liberty.FeatureContract.MODE_PROPERTY;
import static dev.vtlab.liberty.FeatureContract.REFUSED_PREFIX;

import com.ibm.wsspi.kernel.service.location.VariableRegistry;
import com.ibm.wsspi.kernel.service.utils.ServerQuiesceListener;
import com.ibm.wsspi.threading.ExecutorServiceTaskInterceptor;
import dev.vtlab.liberty.executor.ExecutorVirtualSettings.Start;
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
import org.osgi.framework.ServiceReference;

/**
 * The {@code executor-virtual} mode, the IBM study's prototype rebuilt as a user feature: every task
 * Liberty's Default Executor runs, runs on a new virtual thread. Liberty binds any number of
 * ExecutorServiceTaskInterceptor services and calls each one's {@code wrap} on the thread that submits the
 * task, before it queues what {@code wrap} returns (ExecutorServiceImpl.createWrappedRunnable, 26.0.0.3):
 * <ul>
 * <li><b>execute / executeGlobal</b> (fire and forget; how the TCP channel dispatches HTTP work, from its
 * selector thread): with {@code start=submit} (the default, as the prototype dispatched) {@code wrap}
 * starts the virtual thread there and then, and the pool gets a task that does nothing. With
 * {@code start=run} (mode {@code executor-virtual-at-run}) the pool thread that takes the task starts the
 * virtual thread and returns. Either way HTTP parsing, the servlet container, JAX-RS and the resource all
 * run on that virtual thread.</li>
 * <li><b>submit(Runnable)</b>: the caller's Future is made around what this returns, so a hand-off would
 * complete it before the work ran. The work runs on a virtual thread and the pool thread waits for it. The
 * two calls look alike, so this looks at its caller's frames (a few microseconds; skipped for the task
 * classes Liberty only ever executes, which carry nearly all the traffic).</li>
 * <li><b>Callables</b> (submit, invokeAll, invokeAny): likewise on a virtual thread the pool thread joins.</li>
 * </ul>
 * Not before the server has started: startup does much class loading on the executor, a virtual thread
 * that loads a class is pinned to its carrier, and with as many carriers as CPUs the server deadlocked in
 * 2 of 7 starts. Bound: at most {@code vtlab.executorVirtual.maxInFlight} tasks run on their virtual
 * threads at once. The submitting thread never waits for a slot: past the bound (or while pool threads
 * already wait for one) the task goes through the pool as with {@code start=run}, and the pool thread that
 * takes it waits, so the excess queues in Liberty's pool as it would without this feature.
 */
public class VirtualThreadTaskInterceptor
        implements ExecutorServiceTaskInterceptor, ServerQuiesceListener, ExecutorVirtualMXBean {

    private static final String EXECUTOR_IMPL = "com.ibm.ws.threading.internal.ExecutorServiceImpl";
    /** How Liberty names the Default Executor's threads (ThreadFactoryImpl: executor name + "-thread-" + n). */
    private static final String POOL_THREAD_PREFIX = "Default Executor-thread-";

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
    /** What the pool gets for a task whose virtual thread has started: Liberty queues whatever wrap returns. */
    private static final Runnable ALREADY_STARTED = () -> {};

    private final ThreadFactory handoffThreads =
            Thread.ofVirtual().name("vtlab-executor-", 1).factory();
    private final ThreadFactory joinThreads =
            Thread.ofVirtual().name("vtlab-executor-join-", 1).factory();
    private final LongAdder inFlight = new LongAdder();
    private final LongAdder startedAtSubmit = new LongAdder();
    private final LongAdder startedOnPoolThread = new LongAdder();
    private VariableRegistry variables;
    private ExecutorVirtualSettings settings;
    private Semaphore admission;
    private boolean startAtSubmit;
    private volatile boolean serverStarted;
    private volatile boolean intercepting;

    protected void setVariableRegistry(VariableRegistry variables) {
        this.variables = variables;
    }

    protected void activate() {
        try {
            settings = ExecutorVirtualSettings.from(this::setting);
        } catch (IllegalArgumentException bad) {
            // one line, which the app repeats as it refuses the mode rather than run it on pool threads
            System.setProperty(MODE_PROPERTY, REFUSED_PREFIX + bad.getMessage());
            System.err.println("vtlab: executor-virtual refused: " + bad.getMessage());
            return;
        }
        if (settings.start() == Start.RUN) {
            System.setProperty(MODE_PROPERTY, EXECUTOR_VIRTUAL_AT_RUN_MODE);
        }
        admission = new Semaphore(settings.maxInFlight());
        startAtSubmit = settings.start() == Start.SUBMIT;
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, new ObjectName(EXECUTOR_VIRTUAL_MBEAN));
        } catch (JMException e) {
            System.out.println("vtlab: " + EXECUTOR_VIRTUAL_MBEAN
                    + " not registered, /metrics will not show the feature's tasks: " + e);
        }
        System.out.println("vtlab: Default Executor tasks will run on new virtual threads once the server has started"
                + " (at most " + settings.maxInFlight() + " at once), started "
                + (startAtSubmit ? "by the thread that submits them" : "by the pool thread that takes them"));
        intercepting = serverStarted; // DS may bind ServerStarted before activating
    }

    /**
     * A setting as Liberty resolves {@code ${name}}: a server.xml variable (what a mode file sets), a
     * bootstrap property or a JVM system property; null where none is set.
     */
    private String setting(String name) {
        String reference = "${" + name + "}";
        String value = variables.resolveRawString(reference);
        return reference.equals(value) ? null : value;
    }

    protected void setServerStarted(ServiceReference<?> started) {
        serverStarted = true;
        intercepting = settings != null; // none before activation, nor after a bad setting (the mode is refused)
    }

    protected void unsetServerStarted(ServiceReference<?> started) {
        serverStarted = false;
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
        return startedAtSubmit.sum() + startedOnPoolThread.sum();
    }

    @Override
    public long getTasksStartedAtSubmit() {
        return startedAtSubmit.sum();
    }

    @Override
    public long getTasksStartedOnPoolThread() {
        return startedOnPoolThread.sum();
    }

    @Override
    public int getMaxInFlight() {
        return settings.maxInFlight();
    }

    @Override
    public String getStart() {
        return settings.start().label();
    }

    @Override
    public Runnable wrap(Runnable task) {
        if (!intercepting) {
            return task;
        }
        if (!IS_EXECUTE_ONLY.get(task.getClass()) && calledFromSubmit()) {
            return () -> runJoined(task);
        }
        if (startAtSubmit && startNow(task)) {
            return ALREADY_STARTED;
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

    /**
     * On the submitting thread: starts the task's virtual thread if a slot is free and no pool thread is
     * already waiting for one (those came first). Never waits for a slot: for HTTP this thread is the TCP
     * channel's selector, which also wakes the blocking reads and writes of the requests in flight, so
     * waiting here for one of them to end could wait forever, and would stall every connection it serves.
     */
    private boolean startNow(Runnable task) {
        return !admission.hasQueuedThreads() && admission.tryAcquire() && start(task);
    }

    /** On the pool thread: start a virtual thread for the task and return (after a slot, the bound). */
    private void handOff(Runnable task) {
        admission.acquireUninterruptibly();
        if (!start(task)) {
            task.run();
        }
    }

    /** With a slot held: starts the task's virtual thread, or gives the slot back if none could be started. */
    private boolean start(Runnable task) {
        inFlight.increment();
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
        } catch (RuntimeException | Error notStarted) { // e.g. no memory for another thread: the caller runs it
            inFlight.decrement();
            admission.release();
            return false;
        }
        countStart();
        return true;
    }

    /** By the thread that started the virtual thread: a Default Executor thread or not. */
    private void countStart() {
        (Thread.currentThread().getName().startsWith(POOL_THREAD_PREFIX) ? startedOnPoolThread : startedAtSubmit)
                .increment();
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
        thread.start();
        countStart();
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
