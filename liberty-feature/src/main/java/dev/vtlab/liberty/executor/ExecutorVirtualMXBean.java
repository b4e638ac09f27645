package dev.vtlab.liberty.executor;

/**
 * What the executor-virtual feature is doing, on the platform MBean server as
 * {@link dev.vtlab.liberty.FeatureContract#EXECUTOR_VIRTUAL_MBEAN}, so the app's /metrics (and JConsole) can
 * show the virtual threads it starts, which no JDK bean counts. The attribute names are in FeatureContract.
 */
public interface ExecutorVirtualMXBean {

    /** Default Executor tasks running on their own virtual thread now. */
    long getTasksInFlight();

    /** Virtual threads started for Default Executor tasks since the server started: the two below added up. */
    long getTasksStarted();

    /** ... started by a thread that is not a Default Executor thread: the task's submitter (start=submit). */
    long getTasksStartedAtSubmit();

    /** ... started by a Default Executor thread: start=run, past the bound, and tasks a caller waits on. */
    long getTasksStartedOnPoolThread();

    /** vtlab.executorVirtual.maxInFlight: tasks allowed on their own virtual thread at once. */
    int getMaxInFlight();

    /** vtlab.executorVirtual.start: {@code submit} or {@code run}. */
    String getStart();
}
