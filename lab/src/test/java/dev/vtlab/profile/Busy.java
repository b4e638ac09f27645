package dev.vtlab.profile;

/** A JVM for {@link ProfileRecorderTest} to record: it keeps a CPU busy on a virtual thread until it is killed. */
public final class Busy {

    private static volatile long sink;

    private Busy() {}

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = Thread.ofVirtual().name("busy").start(Busy::spin);
        System.out.println("ready");
        spinner.join();
    }

    static void spin() {
        for (long i = 0; ; i++) {
            sink = i * 31;
        }
    }
}
