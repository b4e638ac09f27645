package dev.vtlab.experiments;

/**
 * A class whose static initializer blocks. A thread running a class initializer cannot unmount from
 * its carrier (the JVM runs <clinit> through a native frame), so a virtual thread that sleeps here
 * pins its carrier — still true on JDK 24+, where synchronized no longer pins (JEP 491).
 * PinResource defines a fresh hidden copy of this class per request, so the initializer runs every time.
 */
final class PinningClinit {

    static {
        try {
            Thread.sleep(PinResource.PIN_MILLIS.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private PinningClinit() {}
}
