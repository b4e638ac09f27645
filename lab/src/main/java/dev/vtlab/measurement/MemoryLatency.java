package dev.vtlab.measurement;

/**
 * What one dependent load cost on the server's CPUs just before a run ({@link Calibration}): from a working set
 * the shared L3 holds, and from one no cache holds.
 *
 * @param cacheNs nanoseconds per load from a 4 MiB chase
 * @param memoryNs nanoseconds per load from a 256 MiB chase
 */
public record MemoryLatency(double cacheNs, double memoryNs) {}
