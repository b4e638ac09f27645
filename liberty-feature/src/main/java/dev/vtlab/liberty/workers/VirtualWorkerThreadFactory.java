package dev.vtlab.liberty.workers;

import java.util.concurrent.ThreadFactory;

/**
 * The {@code pool-virtual-workers} mode: a ThreadFactory service with
 * {@code com.ibm.ws.threading.defaultExecutorThreadFactory=true}, which Liberty's Default Executor binds
 * (reference "ThreadFactory", 0..1, dynamic) and then rebuilds its pool with. Every pool worker is a virtual
 * thread, carried by the JDK's ForkJoinPool; the pool itself (queue, coreThreads/maxThreads, the autonomic
 * controller that sizes it) is unchanged. This separates "ForkJoinPool carriers vs OS scheduling" from
 * "a thread per request".
 *
 * <p>Like Liberty's own worker factory: named "Default Executor-vthread-N", the context class loader of the
 * thread that made the factory, no inheritable thread locals from whichever thread grew the pool.
 * Registered only after the server has started (see the component XML).
 */
public class VirtualWorkerThreadFactory implements ThreadFactory {

    private final ThreadFactory virtualThreads = Thread.ofVirtual()
            .name("Default Executor-vthread-", 1)
            .inheritInheritableThreadLocals(false)
            .factory();

    /**
     * After {@link #deactivate}: Liberty's ExecutorServiceImpl.unsetThreadFactory (26.0.0.3 and 26.0.0.5) clears its
     * parameter instead of its field and rebuilds the pool with this factory still in it, so a server the feature is
     * removed from would go on making virtual workers while the app's mode marker says it does not.
     */
    private final ThreadFactory platformThreads = Thread.ofPlatform()
            .name("Default Executor-thread-after-vtlab-", 1)
            .daemon(true)
            .inheritInheritableThreadLocals(false)
            .factory();

    private volatile ClassLoader contextClassLoader;
    private volatile boolean active;

    protected void setServerStarted(org.osgi.framework.ServiceReference<?> started) {
        // the component is satisfied, and so registered, only once this is bound
    }

    protected void activate() {
        contextClassLoader = Thread.currentThread().getContextClassLoader();
        active = true;
        System.out.println("vtlab: the Default Executor's workers are virtual threads from now on");
    }

    protected void deactivate() {
        active = false;
        System.out.println("vtlab: virtual-thread worker factory unregistered; the workers the pool makes from now on"
                + " are platform threads (its virtual workers end as the pool retires them)");
    }

    @Override
    public Thread newThread(Runnable work) {
        Thread worker = (active ? virtualThreads : platformThreads).newThread(work);
        worker.setContextClassLoader(contextClassLoader);
        return worker;
    }
}
