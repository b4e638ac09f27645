package dev.vtlab.compare.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * {@code -Dcompare.profile=study}: the case study's tests ({@link StudyClaims}) with their parameters scaled to the
 * machine's CPUs. The CPU-bound banking test in four levels of the study's 150 s, a sudden load long enough for
 * Liberty's pool to finish growing, the footprint at the study's 500 users, and the 2-CPU short-request test only
 * where a 2-CPU server and two CPUs for the load fit.
 */
public final class StudyProfile {

    /** The study's level length for the CPU-bound test. */
    static final int LEVEL_SECONDS = 150;
    /** Users per server CPU at the CPU-bound test's top level; its four levels are a quarter of it apart. */
    static final int THROUGHPUT_USERS_PER_CPU = 100;
    /** Users per server CPU of the sudden load, each waiting 1 s on the remote (Little's law: that many req/s). */
    static final int RAMP_UP_USERS_PER_CPU = 1000;
    /** The study's sudden load needed about 6 000 threads; past that the lab's JMeter would be the limit. */
    static final int RAMP_UP_USERS_MAX = 6000;
    /**
     * Seconds of sudden load: Liberty's pool grew by a few threads a second on a 1-CPU server here (notebook.md §1),
     * so reaching the several hundred threads the CPU can keep busy takes minutes, not the quick profile's 25 s.
     */
    static final int RAMP_UP_SECONDS = 300;
    /** The study's footprint load. */
    static final int FOOTPRINT_USERS = 500;

    private StudyProfile() {}

    /**
     * The server's CPUs when neither compare.serverCpus nor compare.loadCpus is given: the study's two where the
     * machine has {@value StudyClaims#TWO_CPU_MACHINE} or more (the rest carry the load), else null (the usual
     * halves: on 2 CPUs a 1-CPU server).
     */
    public static String serverCpus(TreeSet<Integer> available) {
        if (available.size() < StudyClaims.TWO_CPU_MACHINE) {
            return null;
        }
        List<Integer> cpus = new ArrayList<>(available);
        return cpus.get(0) + "," + cpus.get(1);
    }

    /** Whether the 2-CPU short-request case can be measured with this CPU split. */
    public static boolean twoCpuCase(CpuPlan cpus) {
        return !cpus.shared() && cpus.server().size() == 2 && cpus.load().size() >= 2;
    }

    /** The study's tests that this CPU split can measure, in the order they run. */
    public static List<String> tests(CpuPlan cpus) {
        return Catalogue.Profile.STUDY.tests.stream()
                .filter(t -> !t.equals("ping") || twoCpuCase(cpus))
                .toList();
    }

    /** A test of the study profile, its defaults scaled to the server's CPUs, then -Dcompare.* as for any profile. */
    public static TestSpec spec(Catalogue.LoadTest test, CpuPlan cpus, Properties system, Integer repeats) {
        Map<String, String> defaults = props(test.name(), cpus.server().size());
        return TestSpec.of(
                test,
                defaults == null ? test.defaults().get(Catalogue.Profile.STUDY) : defaults,
                Catalogue.Profile.STUDY.repeats(test.name()),
                system,
                repeats);
    }

    /** The study's parameters of a test for a server of {@code serverCpus} CPUs, or null for a test it has none for. */
    static Map<String, String> props(String test, int serverCpus) {
        return switch (test) {
            case "throughput" ->
                Map.of(
                        "THREADS", String.valueOf(THROUGHPUT_USERS_PER_CPU * serverCpus),
                        "STEPS", "4",
                        "STEP_DURATION", String.valueOf(LEVEL_SECONDS),
                        "DELAY_MS", "2",
                        "WORK", "1");
            case "ramp-up" ->
                Map.of(
                        "THREADS", String.valueOf(Math.min(RAMP_UP_USERS_MAX, RAMP_UP_USERS_PER_CPU * serverCpus)),
                        "RAMP", "0",
                        "DURATION", String.valueOf(RAMP_UP_SECONDS),
                        "DELAY_MS", "1000",
                        "WORK", "1");
            case "footprint" ->
                Map.of(
                        "THREADS", String.valueOf(FOOTPRINT_USERS),
                        "RAMP", "10",
                        "DURATION", "300",
                        "DELAY_MS", "20",
                        "WORK", "1");
            // the study's mp-ping: no wait, the load raised over 10 s and held for a level's length
            case "ping" -> Map.of("THREADS", String.valueOf(50 * serverCpus), "RAMP", "10", "DURATION", "150");
            default -> null;
        };
    }

    /** What the study profile cannot measure with this split, a line each, for the announcement. */
    public static List<String> notes(CpuPlan cpus) {
        if (twoCpuCase(cpus)) {
            return List.of();
        }
        return List.of("the 2-CPU short-request claims are not measurable here: they need a 2-CPU server and two CPUs"
                + " for the load (" + StudyClaims.TWO_CPU_MACHINE + " CPUs in all; here the server has "
                + cpus.server().size()
                + (cpus.shared()
                        ? ", shared with the load"
                        : " and the load " + cpus.load().size())
                + "); study.html says so and names the command");
    }
}
