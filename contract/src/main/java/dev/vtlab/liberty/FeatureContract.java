package dev.vtlab.liberty;

/**
 * The names vtlab's Liberty user features and the application (and the comparison) share: the system
 * properties, the executor-virtual feature's MBean and its attributes. One source file, compiled by the
 * lab's build into the war and by liberty-feature/ into each bundle (its compileSourceRoots), so the two
 * sides cannot drift apart. JDK only: the war and the bundles each have their own copy of the class.
 */
public final class FeatureContract {

    /**
     * System property a vtlab feature sets, before any application starts, to the DISPATCH_MODE label it
     * implements; the application refuses a feature mode without it.
     */
    public static final String MODE_PROPERTY = "vtlab.liberty.feature";

    /**
     * How {@link #MODE_PROPERTY} starts when a feature refused its mode for a bad setting; the reason, one
     * line naming the setting, follows.
     */
    public static final String REFUSED_PREFIX = "refused: ";

    /** What the executor-virtual feature sets {@link #MODE_PROPERTY} to with {@code start=run}. */
    public static final String EXECUTOR_VIRTUAL_AT_RUN_MODE = "executor-virtual-at-run";

    /** executor-virtual: the most tasks on their own virtual thread at once (1..1 000 000, default 10 000). */
    public static final String MAX_IN_FLIGHT_PROPERTY = "vtlab.executorVirtual.maxInFlight";

    /**
     * executor-virtual: which thread starts a task's virtual thread: {@code submit} (default), the thread
     * that hands Liberty the task; {@code run}, a Default Executor thread once the task reaches it.
     */
    public static final String START_PROPERTY = "vtlab.executorVirtual.start";

    /** The executor-virtual feature's MXBean on the platform MBean server. */
    public static final String EXECUTOR_VIRTUAL_MBEAN = "dev.vtlab:type=ExecutorVirtual";

    /** Tasks running on their own virtual thread now. */
    public static final String ATTRIBUTE_TASKS_IN_FLIGHT = "TasksInFlight";

    /** Virtual threads started since the server started: the two below added up. */
    public static final String ATTRIBUTE_TASKS_STARTED = "TasksStarted";

    /** ... of which started by a thread that is not a Default Executor thread: the task's submitter. */
    public static final String ATTRIBUTE_TASKS_STARTED_AT_SUBMIT = "TasksStartedAtSubmit";

    /** ... of which started by a Default Executor thread, after the task went through the pool's queue. */
    public static final String ATTRIBUTE_TASKS_STARTED_ON_POOL_THREAD = "TasksStartedOnPoolThread";

    /** The bound in force ({@link #MAX_IN_FLIGHT_PROPERTY}). */
    public static final String ATTRIBUTE_MAX_IN_FLIGHT = "MaxInFlight";

    /** The start in force ({@link #START_PROPERTY}): {@code submit} or {@code run}. */
    public static final String ATTRIBUTE_START = "Start";

    private FeatureContract() {}
}
