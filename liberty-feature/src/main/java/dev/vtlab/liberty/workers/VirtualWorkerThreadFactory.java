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

    private volatile ClassLoader contextClassLoader;

    protected void setServerStarted(org.osgi.framework.ServiceReference<?> started) {
        // the component is satisfied, and so registered, only once this is bound
    }

    protected void activate() {
        contextClassLoader = Thread.currentThread().getContextClassLoader();
        System.out.println("vtlab: the Default Executor's workers are virtual threads from now on");
    }

    protected void deactivate() {
        System.out.println("vtlab: virtual-thread worker factory unregistered");
    }

    @Override
    public Thread newThread(Runnable work) {
        Thread worker = virtualThreads.newThread(work);
        worker.setContextClassLoader(contextClassLoader);
        return worker;
    }
}
