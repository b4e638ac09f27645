package dev.vtlab.compare.run;

import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.preflight.UserApp;
import dev.vtlab.compare.raw.RawFiles;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.ServerSample;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.compare.settings.Pace;
import dev.vtlab.compare.settings.Schedule;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.measurement.Calibration;
import dev.vtlab.measurement.MachineState;
import dev.vtlab.profile.Attribution;
import dev.vtlab.profile.ProfileRecorder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the schedule: for each slot fresh servers (or, with compare.sharedJvm, the servers of the mode's previous test
 * in the round), a warm-up, the measured JMeter run with the server sampled
 * once a second, and the run's raw files ({@link RawFiles}) in its directory; a profiled slot's server also gets the
 * profiler's JVM options and a JFR recording around the measurement ({@link ProfiledWindow}). Knows nothing of the
 * analysis.
 */
public final class Runner {

    /** Seconds each run spends outside its load (server ready, stop, JMeter's start and dashboard), measured. */
    public static final int RESTART_SECONDS = 20;

    /** A listener element of a plan and its (empty) subtree. */
    private static final Pattern RESULT_COLLECTOR =
            Pattern.compile("\\s*<ResultCollector [^>]*>.*?</ResultCollector>\\s*<hashTree/>", Pattern.DOTALL);

    private final Prepared prepared;
    private final CompareSettings settings;
    private Set<String> appPackages;

    public Runner(Prepared prepared) {
        this.prepared = prepared;
        this.settings = prepared.settings();
    }

    /** Removes the runs of the report directory's previous comparison (the preflight checked it is the lab's). */
    public void clearRuns() throws IOException {
        Path runs = settings.out().resolve("runs");
        if (Files.exists(runs)) {
            try (var paths = Files.walk(runs)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The run's directory under the report. */
    public Path dir(Schedule.Slot slot) {
        return settings.out()
                .resolve(RunRecord.dir(slot.spec().name(), slot.mode(), slot.repetition(), slot.profiled()));
    }

    /**
     * Runs slots of one mode in one JVM ({@link Schedule#jvms}), the first the {@code first}-th of {@code total}: fresh
     * servers for the first, then each slot in turn, warmed for its own test, and its raw files; returns what ran.
     */
    public List<RunRecord> run(List<Schedule.Slot> slots, int first, int total)
            throws IOException, InterruptedException {
        Schedule.Slot lead = slots.get(0);
        // a profiled run: the profiler's JVM options, and a JFR recording around the measurement
        ProfileRecorder recorder = lead.profiled() ? new ProfileRecorder(settings.cpuProfile()) : null;
        List<String> extraArgs = Stream.concat(
                        lead.spec().test().serverJvmArgs().stream(),
                        recorder == null ? Stream.empty() : recorder.jvmArgs().stream())
                .toList();
        List<RunRecord> records = new ArrayList<>();
        LabServers lab = new LabServers(prepared);
        try {
            for (Schedule.Slot slot : slots) {
                String what = what(slot, first + records.size(), total);
                long started = System.nanoTime();
                Path dir = dir(slot);
                Files.createDirectories(dir);
                MachineState before = MachineState.now();
                // before the server starts, or while it idles between two tests
                Calibration.Reading calibration = calibrate();
                if (records.isEmpty()) {
                    System.out.printf(
                            Locale.ROOT, "[compare] %s: %s; starting fresh servers%n", what, calibration.describe());
                    long starting = System.nanoTime();
                    lab.start(slot.mode(), extraArgs);
                    System.out.printf(
                            Locale.ROOT,
                            "[compare] %s: servers ready in %.1f s%n",
                            what,
                            (System.nanoTime() - starting) / 1e9);
                } else {
                    System.out.printf(
                            Locale.ROOT,
                            "[compare] %s: %s; the same servers, after %s%n",
                            what,
                            calibration.describe(),
                            String.join(
                                    ", ", records.stream().map(RunRecord::test).toList()));
                }
                Measured measured = measure(slot, dir, what, lab, recorder);
                // the server's log so far (a warm restart rotates it away): where a 502 or a failed start is explained
                keepLog(lab, dir);
                RunRecord record = new RunRecord(
                        slot.spec().name(),
                        slot.mode(),
                        slot.repetition(),
                        first + records.size(),
                        calibration.unitsPerSecond(),
                        calibration.memory(),
                        measured.warmupSeconds(),
                        measured.warmed(),
                        slot.spec().props(),
                        before,
                        MachineState.now(),
                        (System.nanoTime() - started) / 1e9,
                        measured.jvmArgs(),
                        measured.span() == null
                                ? null
                                : new RunRecord.Profiling(
                                        settings.cpuProfile().interval().toMillis(),
                                        appPackages(),
                                        measured.span().startEpochMs(),
                                        measured.span().endEpochMs()));
                RawFiles.writeRun(dir, record, measured.samples());
                records.add(record);
            }
        } finally {
            lab.close();
        }
        // and, with the last run, what the server logged as it stopped
        keepLog(lab, dir(slots.get(slots.size() - 1)));
        return records;
    }

    private static void keepLog(LabServers lab, Path dir) throws IOException {
        Path messages = lab.serverDir().resolve("logs/messages.log");
        if (Files.exists(messages)) {
            Files.copy(messages, dir.resolve("messages.log"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private String what(Schedule.Slot slot, int order, int total) {
        return String.format(
                Locale.ROOT,
                "%d/%d %s · %s · %s %d/%d",
                order,
                total,
                slot.spec().name(),
                slot.mode().label(),
                slot.profiled() ? "profiled run" : "repetition",
                slot.repetition(),
                slot.profiled() ? settings.cpuProfile().runs() : slot.spec().repeats());
    }

    /** What a run's servers gave: the per-second samples, the server's JVM options, the warm-up, a profile's span. */
    private record Measured(
            List<ServerSample> samples,
            List<String> jvmArgs,
            double warmupSeconds,
            Boolean warmed,
            ProfiledWindow.Span span) {}

    /** A warm-up (in the plan, or in a JMeter of its own), then the measured run, on {@code lab}'s started servers. */
    private Measured measure(Schedule.Slot slot, Path dir, String what, LabServers lab, ProfileRecorder recorder)
            throws IOException, InterruptedException {
        TestSpec spec = slot.spec();
        boolean inPlan = spec.test().warmsInPlan() && settings.warmupSeconds() > 0;
        if (!spec.test().sudden() && settings.warmupSeconds() > 0 && !inPlan) {
            warmUpApart(spec, dir, what);
        }
        boolean dashboard = settings.dashboards() == CompareSettings.Dashboards.ALL
                || settings.dashboards() == CompareSettings.Dashboards.FIRST && slot.repetition() == 1;
        try (JmxMetrics jmx = new JmxMetrics(lab.serverDir());
                ProcessSampler sampler = new ProcessSampler(lab.serverPid(), lab.remotePid(), jmx)) {
            Map<String, String> props = new LinkedHashMap<>(spec.props());
            WarmUp warm = null;
            double compileSeconds = 0;
            if (inPlan) {
                if (settings.compileOnAllCpus()) {
                    lab.lendLoadCpus();
                }
                try {
                    compileSeconds = compilePhase(spec, dir, what, sampler);
                } finally {
                    if (settings.compileOnAllCpus()) {
                        lab.pinServer();
                    }
                }
                warm = warmUpInPlan(slot, dir, sampler, props);
            }
            ProfiledWindow profile = recorder == null ? null : new ProfiledWindow(recorder, lab.serverPid(), dir);
            ProfiledWindow.Span span =
                    measuredRun(spec, jmeter(spec, props, dir, dashboard), dir, what, sampler, warm, profile);
            List<String> jvmArgs = jmx.inputArguments();
            return new Measured(
                    sampler.samples(),
                    jvmArgs.isEmpty() ? lab.jvmArgs() : jvmArgs,
                    warm == null ? Double.NaN : compileSeconds + warm.seconds(),
                    warm == null ? null : warm.warm(),
                    span);
        }
    }

    /** The warm-up where the plan has none of its own: the test's light load, or a user's plan as it is, stopped. */
    private void warmUpApart(TestSpec spec, Path dir, String what) throws IOException, InterruptedException {
        // a user's plan has no knob the lab knows for a light load: it runs as it is and is stopped
        boolean asItIs = spec.test().shape() == Catalogue.Shape.PLAN;
        Path warmup = dir.resolve("warmup");
        Files.createDirectories(warmup);
        JMeterRun.run(
                jmeter(spec, spec.test().warmUp(spec.props(), settings.warmupSeconds()), warmup, false),
                asItIs ? settings.warmupSeconds() : settings.warmupSeconds() + 10,
                warmup.resolve("jmeter.log"),
                what + " · warm-up",
                null,
                asItIs ? settings.warmupSeconds() : null,
                rate -> {});
    }

    /**
     * A plan that warms in itself: first the compile phase, at a light load, in a JMeter of its own. Returns its
     * seconds, part of the run's warm-up.
     */
    private double compilePhase(TestSpec spec, Path dir, String what, ProcessSampler sampler)
            throws IOException, InterruptedException {
        Path warmup = dir.resolve("warmup");
        Files.createDirectories(warmup);
        long phase = System.nanoTime();
        int users = WarmUp.compilePhaseUsers(settings.cpus().server().size(), spec.waitMs(), spec.offered());
        boolean compiled = WarmUp.compilePhase(
                jmeter(spec, spec.test().warmUp(spec.props(), settings.warmupSeconds(), users), warmup, false),
                warmup.resolve("jmeter.log"),
                what + " · warm-up, compile phase",
                sampler,
                settings.warmupSeconds());
        double seconds = (System.nanoTime() - phase) / 1e9;
        if (!compiled) {
            // not a flag by itself: the warm-up at the highest load decides, by the same JIT rule
            System.out.printf(
                    Locale.ROOT,
                    "[compare] %s: the compile phase reached its cap (%.0f s) with the JIT still busy%n",
                    what,
                    seconds);
        }
        return seconds;
    }

    /**
     * Then the plan's warm-up group, which runs the test's requests at its highest load until told to stop: the
     * watcher that tells it, and the plan's properties for it, added to {@code props}.
     */
    private WarmUp warmUpInPlan(Schedule.Slot slot, Path dir, ProcessSampler sampler, Map<String, String> props)
            throws IOException {
        TestSpec spec = slot.spec();
        Path done = dir.resolve("warmup.done");
        Files.deleteIfExists(done);
        WarmUp warm = new WarmUp(
                done, settings.warmupSeconds(), sampler, slot.mode().poolThreadPerRequest(), spec.pacedRate() != null);
        props.putAll(Map.of(
                "WARMUP_THREADS", String.valueOf(spec.offered()),
                "WARMUP_CAP", String.valueOf(settings.warmupSeconds()),
                "WARMUP_DONE", done.toString(),
                "WARMUP_BATCH", String.valueOf(spec.test().warmUpBatch())));
        return warm;
    }

    /**
     * The measured JMeter run (after the plan's own warm-up, when {@code warm} watches one), profiled when {@code
     * profile} is given: the profile's span, or null.
     */
    private ProfiledWindow.Span measuredRun(
            TestSpec spec,
            List<String> command,
            Path dir,
            String what,
            ProcessSampler sampler,
            WarmUp warm,
            ProfiledWindow profile)
            throws IOException, InterruptedException {
        if (profile != null && warm != null) {
            profile.startAfter(warm);
        } else if (profile != null) {
            profile.start();
        }
        // the cap must end a warm-up even when JMeter prints no rate
        Thread ticker = warm == null
                ? null
                : Thread.ofPlatform().daemon().start(() -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        warm.tick();
                        try {
                            Thread.sleep(1000);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
        ProfiledWindow.Span span = null;
        try {
            JMeterRun.run(
                    command,
                    spec.seconds() + (warm != null ? settings.warmupSeconds() : 0),
                    dir.resolve("jmeter.log"),
                    what,
                    sampler,
                    null,
                    rate -> {
                        if (warm != null) {
                            warm.rate(rate);
                        }
                    });
            if (profile != null) {
                span = profile.stop();
            }
        } finally {
            if (ticker != null) {
                ticker.interrupt();
            }
            if (profile != null && span == null) {
                profile.abandon();
            }
        }
        return span;
    }

    /**
     * The pace for a user's URL: its test run unpaced on a fresh server of the baseline mode, in {@code out/pace-probe},
     * with JMeter where the runs put it; its rate over the probe's last seconds decides ({@link Pace}).
     */
    public Pace probePace(TestSpec spec) throws IOException, InterruptedException {
        Path dir = settings.out().resolve("pace-probe");
        Files.createDirectories(dir);
        String what = "pace probe · " + settings.baseline().label();
        List<Double> rates = new ArrayList<>();
        try (LabServers lab = new LabServers(prepared)) {
            lab.start(settings.baseline(), spec.test().serverJvmArgs());
            JMeterRun.run(
                    jmeter(spec, spec.probe(), dir, false),
                    Pace.PROBE_SECONDS,
                    dir.resolve("jmeter.log"),
                    what,
                    null,
                    null,
                    rates::add);
        }
        // written as the runs write theirs, so that JMeter works as hard as in them; the rate is read from its
        // summaries
        Files.deleteIfExists(dir.resolve(RawFiles.JTL));
        // JMeter's summaries cover 5 s each; its last one may be a partial interval at the plan's end
        int tail = Pace.PROBE_TAIL_SECONDS / JMeterRun.SUMMARY_SECONDS;
        if (rates.size() < tail + 1) {
            throw new Stopped("the pace probe's JMeter reported " + rates.size() + " rates in " + Pace.PROBE_SECONDS
                    + " s; see " + dir.resolve("jmeter.log"));
        }
        double probed = rates.subList(rates.size() - 1 - tail, rates.size() - 1).stream()
                .mapToDouble(Double::doubleValue)
                .average()
                .orElseThrow();
        return Pace.of(probed, spec.intProp("THREADS"));
    }

    /**
     * The application's package prefixes, whose frames a profile charges to the application: vtlab's own, or those
     * of the classes of a user's app ({@link UserApp#packages()}), read once.
     */
    private Set<String> appPackages() throws IOException {
        if (appPackages == null) {
            appPackages = prepared.app() == null
                    ? Attribution.VTLAB_APP
                    : prepared.app().packages();
        }
        return appPackages;
    }

    /**
     * The server CPUs' speed now, and what a load from memory costs there: {@link Calibration} in a short JVM of its
     * own on those CPUs (before the server starts, so nothing of the lab's competes with it).
     */
    public Calibration.Reading calibrate() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                settings.cpus().shared()
                        ? List.of()
                        : List.of("taskset", "-c", CpuPlan.list(settings.cpus().server())));
        command.addAll(List.of(
                prepared.java(), "-cp", settings.layout().labClasses().toString(), Calibration.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Calibration.Reading reading = Calibration.parse(out);
        if (p.waitFor() != 0 || reading == null) {
            throw new Stopped("the CPU calibration failed: " + String.join(" ", command) + ": " + out);
        }
        return reading;
    }

    /**
     * The lab's plan as the run sends it: a copy in the run's directory without the Summary Report the plans carry
     * for GUI users, which a CLI run does not need (and remote engines would send every sample to once more).
     */
    private static Path withoutListeners(Path plan, Path dir) throws IOException {
        Path copy = dir.resolve(plan.getFileName());
        Files.writeString(copy, RESULT_COLLECTOR.matcher(Files.readString(plan)).replaceAll(""));
        return copy;
    }

    /** JMeter's command line for a plan of {@code spec} with {@code props}, on the load CPUs. */
    List<String> jmeter(TestSpec spec, Map<String, String> props, Path dir, boolean dashboard) throws IOException {
        Map<String, String> all =
                new LinkedHashMap<>(Map.of("HOST", settings.serverHost(), "PORT", String.valueOf(prepared.port())));
        all.putAll(props);
        Path plan = spec.test().shape() == Catalogue.Shape.PLAN
                ? Path.of(spec.test().plan())
                : withoutListeners(settings.layout().plans().resolve(spec.test().plan()), dir);
        List<String> command = new ArrayList<>(settings.cpus().pinLoad());
        command.addAll(JMeter.run(
                prepared.java(),
                prepared.jmeterHome(),
                plan,
                dir.resolve(RawFiles.JTL),
                dir.resolve("jmeter.log"),
                all,
                settings.remoteHosts()));
        if (dashboard) {
            command.addAll(List.of("-e", "-o", dir.resolve("jmeter-dashboard").toString()));
        }
        return command;
    }
}
