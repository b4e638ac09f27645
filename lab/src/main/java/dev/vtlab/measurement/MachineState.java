package dev.vtlab.measurement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What else the machine was doing around a run: the load average, and the JVMs (servers, JMeter,
 * builds) that were not the comparison's own. Taken before and after every run.
 */
public record MachineState(double loadAverage1m, List<String> otherJvms) {

    public static MachineState now() {
        double load = Double.NaN;
        try {
            load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            // no /proc: left unknown
        }
        Set<Long> ours =
                ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        for (ProcessHandle p = ProcessHandle.current();
                p != null;
                p = p.parent().orElse(null)) {
            ours.add(p.pid()); // the comparison's own JVM and the Maven that launched it
        }
        List<String> others = ProcessHandle.allProcesses()
                .filter(p -> !ours.contains(p.pid()))
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .map(p -> p.pid() + " " + describe(p.info().arguments().orElse(new String[0])))
                .sorted()
                .toList();
        return new MachineState(load, others);
    }

    /** The main class or jar of a java command line, which is what tells a Liberty server from a build. */
    static String describe(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-jar") && i + 1 < args.length) {
                String jar = args[i + 1];
                String rest = i + 2 < args.length ? " " + args[i + 2] : "";
                return jar.substring(jar.lastIndexOf('/') + 1) + rest;
            }
            if (!args[i].startsWith("-")
                    && (i == 0
                            || !List.of("-cp", "-classpath", "--class-path", "-p", "--module-path")
                                    .contains(args[i - 1]))) {
                return args[i];
            }
        }
        return "java";
    }
}
