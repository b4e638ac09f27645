package dev.vtlab.measurement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a measurement ran on, as a report names it: CPU model and count, memory, kernel, JDK. */
public record Machine(String cpuModel, int cpus, String memory, String kernel, String jdk) {

    public static Machine here() {
        return new Machine(
                readFirst("/proc/cpuinfo", "model name"),
                Runtime.getRuntime().availableProcessors(),
                readFirst("/proc/meminfo", "MemTotal"),
                readFirst("/proc/sys/kernel/osrelease", ""),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
    }

    /**
     * The CPUs this process may run on (its affinity, /proc/self/status's Cpus_allowed_list, as a taskset list
     * like "0-1"), or "0-(n-1)" where the kernel does not say.
     */
    public static String allowedCpus() {
        String list = readFirst("/proc/self/status", "Cpus_allowed_list");
        return list.equals("?") ? "0-" + (Runtime.getRuntime().availableProcessors() - 1) : list;
    }

    /** The value after the colon of the first line starting with {@code prefix}; the whole first line for "". */
    private static String readFirst(String file, String prefix) {
        try {
            return Files.readAllLines(Path.of(file)).stream()
                    .filter(l -> l.startsWith(prefix))
                    .findFirst()
                    .map(l -> prefix.isEmpty()
                            ? l.trim()
                            : l.substring(l.indexOf(':') + 1).trim())
                    .orElse("?");
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }
}
