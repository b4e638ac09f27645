package dev.vtlab.remoteapi;

/**
 * The remote system's limits, which the bank checks before it calls: both programs read them from
 * here. JDK only, like everything the remote system's JVM loads (see {@link RemoteCommand}).
 */
public final class RemoteLimits {

    /** The longest answer delay a call may ask for ({@code delayMs}). */
    public static final int MAX_DELAY_MS = 60_000;
    /** The most accounts a ledger holds (accounts 1..N). */
    public static final int MAX_ACCOUNTS = 1_000_000;
    /** Transactions the remote keeps per account, so the most a statement can list. */
    public static final int HISTORY = 50;

    private RemoteLimits() {}
}
