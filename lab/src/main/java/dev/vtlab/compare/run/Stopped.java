package dev.vtlab.compare.run;

/** The comparison cannot go on: a server or JMeter failed. The message says why and names the log to read. */
public final class Stopped extends RuntimeException {
    public Stopped(String message) {
        super(message);
    }
}
