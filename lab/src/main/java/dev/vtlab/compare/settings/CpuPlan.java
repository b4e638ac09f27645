package dev.vtlab.compare.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which CPUs the server gets and which the load side (JMeter and the remote system) gets. By default
 * the machine's CPUs are split in two disjoint halves, so the server's CPU is really its own; on a
 * 2-CPU machine that means a 1-CPU server. {@code compare.serverCpus=all} shares every CPU between
 * all three processes, and the report says so.
 */
public record CpuPlan(TreeSet<Integer> server, TreeSet<Integer> load, boolean shared) {

    public static CpuPlan from(String serverCpus, String loadCpus, TreeSet<Integer> available) {
        if ("all".equals(serverCpus)) {
            if (loadCpus != null) {
                throw new IllegalArgumentException(
                        "compare.loadCpus: set no load CPUs when compare.serverCpus=all (every process shares every CPU)");
            }
            return new CpuPlan(available, available, true);
        }
        TreeSet<Integer> server = serverCpus == null ? null : parse("compare.serverCpus", serverCpus, available);
        TreeSet<Integer> load = loadCpus == null ? null : parse("compare.loadCpus", loadCpus, available);
        if (server == null && load == null) {
            if (available.size() < 2) {
                return new CpuPlan(available, available, true);
            }
            List<Integer> cpus = new ArrayList<>(available);
            server = new TreeSet<>(cpus.subList(0, cpus.size() / 2));
            load = new TreeSet<>(cpus.subList(cpus.size() / 2, cpus.size()));
        } else if (load == null) {
            load = new TreeSet<>(available);
            load.removeAll(server);
            if (load.isEmpty()) {
                throw new IllegalArgumentException("compare.serverCpus=" + serverCpus
                        + " leaves no CPU for JMeter and the remote system; use compare.serverCpus=all to share them");
            }
        } else if (server == null) {
            server = new TreeSet<>(available);
            server.removeAll(load);
            if (server.isEmpty()) {
                throw new IllegalArgumentException("compare.loadCpus=" + loadCpus + " leaves no CPU for the server");
            }
        }
        TreeSet<Integer> overlap = new TreeSet<>(server);
        overlap.retainAll(load);
        if (!overlap.isEmpty()) {
            throw new IllegalArgumentException("compare.serverCpus (" + list(server) + ") and compare.loadCpus ("
                    + list(load) + ") overlap on " + list(overlap)
                    + ": they must be disjoint, or use compare.serverCpus=all to share every CPU");
        }
        return new CpuPlan(server, load, false);
    }

    /** A taskset CPU list: "0", "0-1", "0,2-3". */
    public static TreeSet<Integer> parse(String key, String value, TreeSet<Integer> available) {
        if (!value.matches("[0-9]{1,4}(-[0-9]{1,4})?(,[0-9]{1,4}(-[0-9]{1,4})?)*")) {
            throw new IllegalArgumentException(
                    key + " is a CPU list like 0, 0-1 or 0,2-3 (or all), not '" + value + "'");
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : value.split(",")) {
            String[] range = part.split("-");
            int from = Integer.parseInt(range[0]), to = Integer.parseInt(range[range.length - 1]);
            if (to < from) {
                throw new IllegalArgumentException(key + ": '" + part + "' is an empty range");
            }
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        if (available != null && !available.containsAll(cpus)) {
            throw new IllegalArgumentException(
                    key + "=" + value + " names CPUs this machine does not give the lab; it has " + list(available));
        }
        return cpus;
    }

    public static String list(TreeSet<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Every CPU of the plan: what the server borrows for a compile phase (compare.compileOnAllCpus). */
    public TreeSet<Integer> all() {
        TreeSet<Integer> all = new TreeSet<>(server);
        all.addAll(load);
        return all;
    }

    /** The prefix that pins a process to the load side's CPUs (none when shared); the server is pinned once started. */
    public List<String> pinLoad() {
        return shared ? List.of() : List.of("taskset", "-c", list(load));
    }

    /** {@code remote}: whether the lab's remote system runs beside JMeter (not for a user's app). */
    public String describe(boolean remote) {
        String load = remote ? "JMeter and remote system" : "JMeter";
        return shared
                ? "shared: " + (remote ? "server, JMeter and remote system" : "server and JMeter") + " all on CPUs "
                        + list(server)
                : "server on CPUs " + list(server) + "; " + load + " on CPUs " + list(this.load) + " (disjoint)";
    }
}
