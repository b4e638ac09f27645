package dev.vtlab.liberty.executor;

/**
 * What the executor-virtual feature is doing, on the platform MBean server as
 * {@link dev.vtlab.liberty.FeatureContract#EXECUTOR_VIRTUAL_MBEAN}, so the app's /metrics (and JConsole) can
 * show the virtual threads it starts, which no JDK bean counts. The attribute names are in FeatureContract.
 */
public interface ExecutorVirtualMXBean {

    /** Handed-off Default Executor tasks running on their virtual thread now. */
    long getTasksInFlight();

    /** Virtual threads started for Default Executor tasks since the server started (hand-offs and joins). */
    long getTasksStarted();

    /** vtlab.executorVirtual.maxInFlight: handed-off tasks allowed at once. */
    int getMaxInFlight();
}
