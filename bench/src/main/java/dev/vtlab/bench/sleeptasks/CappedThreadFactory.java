package dev.vtlab.bench.sleeptasks;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates at most {@code cap} platform threads, then returns null, which makes a ThreadPoolExecutor
 * reject the task instead of asking the OS for yet another native thread. This is how the unbounded
 * cached pool is kept from taking the machine down (the published run died at ~3 914 threads).
 */
final class CappedThreadFactory implements ThreadFactory {
    private final int cap;
    private final AtomicInteger created = new AtomicInteger();
    private volatile boolean capHit;

    CappedThreadFactory(int cap) {
        this.cap = cap;
    }

    @Override
    public Thread newThread(Runnable task) {
        if (created.incrementAndGet() > cap) {
            created.decrementAndGet();
            capHit = true;
            return null;
        }
        return Thread.ofPlatform().name("capped-pool-", created.get()).unstarted(task);
    }

    int created() {
        return created.get();
    }

    boolean capHit() {
        return capHit;
    }
}
