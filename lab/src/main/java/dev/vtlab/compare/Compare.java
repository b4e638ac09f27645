package dev.vtlab.compare;

import dev.vtlab.compare.analyse.RunAnalysis;
import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.ComparisonInput;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.judge.CrossoverJudge;
import dev.vtlab.compare.judge.Designs;
import dev.vtlab.compare.judge.History;
import dev.vtlab.compare.judge.Joins;
import dev.vtlab.compare.judge.Replacements;
import dev.vtlab.compare.judge.Sequentials;
import dev.vtlab.compare.judge.Sizing;
import dev.vtlab.compare.judge.StudyTable;
import dev.vtlab.compare.judge.TwoStagePlans;
import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.raw.ComparisonRecord;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.HistoryFiles;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.raw.Jtl;
import dev.vtlab.compare.raw.RawFiles;
import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.raw.SummaryFiles;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.report.ConsoleProgress;
import dev.vtlab.compare.report.ConsoleReport;
import dev.vtlab.compare.report.CrossoverReport;
import dev.vtlab.compare.report.CsvReport;
import dev.vtlab.compare.report.FlameGraphReport;
import dev.vtlab.compare.report.HtmlReport;
import dev.vtlab.compare.report.JoinReport;
import dev.vtlab.compare.report.JsonReport;
import dev.vtlab.compare.report.SequentialReport;
import dev.vtlab.compare.report.SizingReport;
import dev.vtlab.compare.report.StudyReport;
import dev.vtlab.compare.report.TwoStageReport;
import dev.vtlab.compare.run.CrossoverRunner;
import dev.vtlab.compare.run.Provenance;
import dev.vtlab.compare.run.Runner;
import dev.vtlab.compare.run.ServerLayout;
import dev.vtlab.compare.run.Stopped;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.settings.Entry;
import dev.vtlab.compare.settings.JoinFrom;
import dev.vtlab.compare.settings.Pace;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.settings.Schedule;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.StudyFrom;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Calibration;
import dev.vtlab.measurement.Machine;
import dev.vtlab.profile.Attribution;
import dev.vtlab.profile.Profile;
import dev.vtlab.profile.ProfileAnalysis;
import dev.vtlab.profile.Window;
import jakarta.json.JsonException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The A/B comparison, as a script of its stages (see package-info): settings → preflight → run → analyse →
 * judge → report. {@code -Dcompare.reanalyse=DIR} starts from a report directory's raw files instead of running.
 *
 * <pre>./mvnw -Pcompare verify [-Dcompare.profile=smoke|quick|rigorous|full|study|sizing] [-Dcompare.tests=ping] ...</pre>
 */
public final class Compare {

    private Compare() {}

    public static void main(String[] args) throws Exception {
        try {
            Path basedir = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
            switch (Entry.from(System.getProperties(), basedir, System.getProperty("user.home"))) {
                case Entry.Join j ->
                    System.out.println(
                            "[compare] joined: " + join(j.from(), j.basedir()).resolve(JoinReport.MARKDOWN));
                case Entry.Study st ->
                    System.out.println("[compare] the study's claims: "
                            + studyFrom(st.from(), st.basedir()).resolve(StudyReport.HTML));
                case Entry.Reanalyse r ->
                    System.out.println("[compare] report: "
                            + reanalyse(r.out(), r.keepFlagged(), r.contrasts(), r.history())
                                    .resolve("index.html"));
                case Entry.Measure m -> {
                    Path out = run(m.properties(), m.basedir());
                    // the settings parsed again, purely: which design ran decides which page is the report
                    CompareSettings settings = CompareSettings.from(
                            m.properties(), m.basedir(), Machine.allowedCpus(), System.getProperty("user.home"));
                    boolean crossover = Crossover.from(m.properties(), settings) != null;
                    System.out.println(
                            "[compare] report: " + out.resolve(crossover ? CrossoverReport.MARKDOWN : "index.html"));
                }
            }
        } catch (IllegalArgumentException badSetting) {
            // a bad -Dcompare.* value or a failed preflight check: one clear line, before anything started
            System.err.println("[compare] " + badSetting.getMessage());
            System.exit(2);
        } catch (Stopped stopped) {
            // a server or JMeter that failed: why, and where its log is, in one line (the servers are stopped by then)
            System.err.println("[compare] stopped: " + stopped.getMessage());
            System.exit(1);
        }
    }

    /** Runs the comparison and returns the report directory. */
    public static Path run(Properties properties, Path basedir) throws Exception {
        CompareSettings settings =
                CompareSettings.from(properties, basedir, Machine.allowedCpus(), System.getProperty("user.home"));
        HistoryFiles.check(settings.history(), Setting.HISTORY.key());
        Crossover crossover = Crossover.from(properties, settings);
        if (crossover != null) {
            return crossover(settings, crossover, properties);
        }
        List<Schedule.Slot> slots = firstSlots(settings);
        if (settings.precision() != null) {
            settings.precision()
                    .checkFits(
                            estimatedSeconds(settings, slots),
                            slots.size(),
                            settings.profile() == Catalogue.Profile.SIZING ? "the sizing pilot" : "the first stage");
        }
        try (Prepared checked = Preflight.check(settings, properties)) {
            ConsoleProgress.announce(
                    checked, slots, estimatedSeconds(settings, slots), Designs.of(settings), System.out);
            // the budget counts from here: the machine is the comparison's (a wait for its lock is not spent on it)
            long began = System.nanoTime();
            Preflight.markOurs(settings.out());
            ServerLayout.prepare(settings, checked.app(), checked.port());
            Runner runner = new Runner(checked);
            runner.clearRuns();
            Calibration.Reading start = runner.calibrate();
            System.out.println("[compare] " + start.describe());
            double reference = start.unitsPerSecond();
            if (!settings.probesPace()) {
                return measure(checked, runner, properties, reference, began);
            }
            Pace pace = runner.probePace(settings.specs().get(0));
            System.out.println("[compare] your URL's pace: "
                    + pace.describe(settings.baseline().label()));
            Prepared paced = checked.paced(pace);
            return measure(paced, new Runner(paced), properties, reference, began);
        }
    }

    /** The crossover design: one warm server, every mode in slices; judged and written once. */
    private static Path crossover(CompareSettings settings, Crossover design, Properties properties) throws Exception {
        try (Prepared checked = Preflight.check(settings, properties)) {
            TestSpec spec = settings.specs().get(0);
            System.out.printf(
                    Locale.ROOT,
                    "[compare] crossover design: %s, %s, %d blocks of %d s slices (%d s discarded), at most %.0f min%n",
                    spec.name(),
                    String.join(
                            ",",
                            design.modes().stream().map(DispatchMode::label).toList()),
                    design.blocks(),
                    design.sliceSeconds(),
                    design.discardSeconds(),
                    (design.maxLoadSeconds() + Runner.RESTART_SECONDS) / 60.0);
            Preflight.markOurs(settings.out());
            ServerLayout.prepare(settings, checked.app(), checked.port());
            Runner runner = new Runner(checked);
            runner.clearRuns();
            String calibration = runner.calibrate().describe();
            System.out.println("[compare] " + calibration);
            Map<String, String> environment =
                    new LinkedHashMap<>(Provenance.of(checked, properties).entries());
            environment.put("calibration", calibration);
            environment.put(
                    "load",
                    spec.offered() + " users"
                            + (spec.pacedRate() == null
                                    ? ""
                                    : ", paced at " + spec.pacedRate() + " requests/s between them"));
            Path dir = settings.out().resolve("runs/crossover");
            CrossoverRunner.Result run = new CrossoverRunner(checked).run(design, spec, dir);
            List<Profile> profiles = run.recording() == null
                    ? List.of()
                    : ProfileAnalysis.of(
                            run.recording(),
                            run.profiled().stream()
                                    .map(s -> new Window(
                                            s.start().epochMs(), s.end().epochMs()))
                                    .toList(),
                            Attribution.VTLAB_APP);
            CrossoverJudge.Result result = CrossoverJudge.judge(
                    design, spec.name(), run, Jtl.read(dir.resolve(RawFiles.JTL)), settings.margin(), profiles);
            CrossoverReport.write(settings.out(), result, run.slices(), environment);
            CrossoverReport.console(result, environment, System.out);
            System.out.printf(Locale.ROOT, "[compare] done in %.0f s%n", run.wallSeconds());
            return settings.out();
        }
    }

    /**
     * The first slots: a sequential comparison schedules its first look's rounds; each block after it is decided by
     * the looks.
     */
    private static List<Schedule.Slot> firstSlots(CompareSettings settings) {
        return Schedule.of(
                settings.sequential() ? Sequentials.firstRounds(settings.specs()) : settings.specs(),
                settings.modes(),
                settings.order(),
                settings.seed(),
                settings.cpuProfile().profiledRuns());
    }

    /** The runs, from the first slots to the last round the design asks for, then judged and reported. */
    private static Path measure(Prepared prepared, Runner runner, Properties properties, double reference, long began)
            throws Exception {
        CompareSettings settings = prepared.settings();
        List<Schedule.Slot> slots = firstSlots(settings);
        // written now as well as at the end: an interrupted comparison's runs can still be reanalysed
        ComparisonRecord atStart = record(settings, prepared, properties, reference, Double.NaN, null);
        RawFiles.writeComparison(settings.out(), atStart);
        Session runs = new Session(runner, settings, reference, slots.size());
        runs.run(slots);
        // each test's repetitions run so far: what further rounds number their runs from
        List<TestSpec> sofar = settings.sequential()
                ? untilDecided(runs, Sequentials.firstRounds(settings.specs()), atStart)
                : replaceLeftOut(runs);
        TwoStageRecord twoStage = null;
        if (settings.precision() != null && settings.profile() != Catalogue.Profile.SIZING) {
            List<Schedule.Slot> more = new ArrayList<>();
            twoStage = secondStage(settings, sofar, runs.results, (System.nanoTime() - began) / 1e9, more);
            runs.plan(more.size());
            runs.run(more);
        }
        List<RunResult> results = runs.results;
        ComparisonRecord record = record(
                settings, prepared, properties, reference, (System.nanoTime() - began) / 1e9, atStart.environment());
        RawFiles.writeComparison(settings.out(), record);
        judgeAndReport(settings, record, results, runs.profiles, twoStage);
        System.out.printf(Locale.ROOT, "[compare] done in %.0f s%n", record.wallS());
        return settings.out();
    }

    /** The finished runs judged, reported, and added to the history of their configuration. */
    private static void judgeAndReport(
            CompareSettings settings,
            ComparisonRecord record,
            List<RunResult> results,
            List<RunProfile> profiles,
            TwoStageRecord twoStage)
            throws IOException {
        Path history = settings.history();
        String configuration = configuration(record, results);
        List<HistoryRecord> past = history == null ? List.of() : HistoryFiles.read(history, configuration);
        Comparison comparison =
                Comparison.of(ComparisonInput.of(record.environment(), record.tests(), record.modes(), results)
                        .wallS(record.wallS())
                        .keepFlagged(record.keepFlagged())
                        .margin(record.margin())
                        .sequential(record.sequential())
                        .contrasts(record.contrasts())
                        .twoStage(twoStage)
                        .past(past)
                        .profiles(CpuProfiles.of(record.tests(), record.modes(), profiles, results))
                        .build());
        study(comparison, record, settings.out());
        String sizing = settings.profile() == Catalogue.Profile.SIZING ? sizing(settings, results) : "";
        report(comparison, settings.out(), sizing);
        if (history != null) {
            HistoryFiles.append(
                    history,
                    History.record(
                            comparison, configuration, record.environment().generatedAt()),
                    CompareSettings.HISTORY_KEEP,
                    Setting.HISTORY.key());
            System.out.println("[compare] history: " + history + " (" + (past.size() + 1) + " comparison"
                    + (past.isEmpty() ? "" : "s") + " of this configuration)");
        }
    }

    /**
     * What the comparison is, for its report directory; {@code wallS} NaN while it runs. The lab's version is the one
     * {@code started} (the environment when the runs began) recorded: the code that ran is what was built then, and
     * files edited while it runs would otherwise mark it modified.
     */
    private static ComparisonRecord record(
            CompareSettings settings,
            Prepared prepared,
            Properties properties,
            double reference,
            double wallS,
            Environment started) {
        Environment environment = Provenance.of(prepared, properties);
        if (started != null) {
            environment = environment
                    .with(Environment.LAB_VERSION, started.get(Environment.LAB_VERSION, null))
                    .with(Environment.LAB_CODE_VERSION, started.get(Environment.LAB_CODE_VERSION, null));
        }
        return new ComparisonRecord(
                environment,
                settings.specs().stream().map(TestSpec::name).toList(),
                settings.modes(),
                settings.cpus(),
                settings.poolMaxThreads(),
                settings.userTest(),
                settings.keepFlagged(),
                settings.margin(),
                reference,
                wallS,
                settings.contrasts(),
                settings.sequential());
    }

    /**
     * The reports again from a report directory's raw files, with this version's analysis: nothing re-measured.
     * {@code keepFlagged}: whether flagged runs count in the verdicts (null: as the comparison had it).
     */
    public static Path reanalyse(Path out, Boolean keepFlagged) throws IOException {
        return reanalyse(out, keepFlagged, null, CompareSettings.history(null, System.getProperty("user.home")));
    }

    /**
     * The reports again, with {@code contrasts} (compare.contrasts; null: the comparison's own) and beside the
     * comparisons of its configuration that {@code history} holds from before it (null: none). Nothing is added to
     * the history.
     */
    public static Path reanalyse(Path out, Boolean keepFlagged, String contrasts, Path history) throws IOException {
        String key = Setting.REANALYSE.key();
        ComparisonRecord record = record(out, key);
        Comparison comparison = load(out, record, keepFlagged, contrasts, history, key);
        study(comparison, record, out);
        report(comparison, out, "");
        return out;
    }

    /**
     * One study table from several study comparisons ({@code compare.studyFrom}), each claim read from the one that
     * ran its test, their runs analysed again with this version; returns the table's directory.
     */
    public static Path studyFrom(StudyFrom from, Path basedir) throws IOException {
        String key = Setting.STUDY_FROM.key();
        // every directory checked before any run is read: reading them takes minutes
        List<ComparisonRecord> records = new ArrayList<>();
        for (Path dir : from.dirs()) {
            records.add(record(dir, key));
        }
        String why = StudyTable.unjoinable(from.dirs(), records);
        if (why != null) {
            throw new IllegalArgumentException(key + ": " + why);
        }
        Preflight.requireOurs(from.out(), basedir);
        List<StudyTable.Part> parts = new ArrayList<>();
        List<StudyReport.Source> sources = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            Path dir = from.dirs().get(i);
            ComparisonRecord record = records.get(i);
            Comparison comparison = load(dir, record, null, null, null, key);
            parts.add(new StudyTable.Part(comparison, record.cpus()));
            sources.add(new StudyReport.Source(
                    comparison.environment(),
                    comparison.tests(),
                    from.out().relativize(dir.resolve("index.html")).toString()));
        }
        Preflight.markOurs(from.out());
        StudyReport.write(sources, StudyTable.of(parts, records.get(0).margin()), from.command(), from.out());
        return from.out();
    }

    /**
     * Comparisons of one question, made on other days or hosts, joined figure by figure from their summaries
     * ({@code compare.join}); returns the directory of join.md and join.json.
     */
    public static Path join(JoinFrom from, Path basedir) throws IOException {
        List<SummaryFiles.Summary> summaries = new ArrayList<>();
        for (Path dir : from.dirs()) {
            summaries.add(SummaryFiles.read(dir, Setting.JOIN.key()));
        }
        Preflight.requireOurs(from.out(), basedir);
        Preflight.markOurs(from.out());
        JoinReport.write(Joins.of(summaries), from.command(basedir), from.out(), System.out);
        return from.out();
    }

    /** A report directory's record of its comparison; {@code setting} named the directory. */
    private static ComparisonRecord record(Path out, String setting) throws IOException {
        if (!Files.isRegularFile(out.resolve(RawFiles.COMPARISON))) {
            throw new IllegalArgumentException(setting + ": " + out + " has no " + RawFiles.COMPARISON
                    + " (not a report directory of this version of the lab)");
        }
        try {
            return RawFiles.readComparison(out);
        } catch (NullPointerException | ClassCastException | JsonException missing) {
            throw lacking(out, setting, missing);
        }
    }

    /**
     * The comparison of a report directory, its runs analysed again: with {@code contrasts} (compare.contrasts; null:
     * the comparison's own) and beside the comparisons of its configuration that {@code history} holds from before
     * it (null: none).
     */
    private static Comparison load(
            Path out, ComparisonRecord record, Boolean keepFlagged, String contrasts, Path history, String setting)
            throws IOException {
        List<RunResult> results = new ArrayList<>();
        List<RunProfile> profiles = new ArrayList<>();
        try {
            List<RunRecord> runs = RawFiles.readRecords(out);
            if (runs.isEmpty()) {
                throw new IllegalArgumentException(setting + ": " + out + " has no run that finished");
            }
            // one run's samples in memory at a time, as while the comparison ran
            for (RunRecord run : runs) {
                // a profiled run counts among the profiled runs of its pair, a measured one among the measured
                int repeats = (int) runs.stream()
                        .filter(x ->
                                x.test().equals(run.test()) && x.mode() == run.mode() && x.profiled() == run.profiled())
                        .count();
                TestSpec spec = new TestSpec(Catalogue.resolve(run.test(), record.userTest()), run.props(), repeats);
                RawRun raw = RawFiles.readRun(out.resolve(run.dir()));
                RunResult r =
                        RunAnalysis.analyse(spec, raw, record.cpus(), record.poolMaxThreads(), record.calibration());
                if (run.profiled()) {
                    profiles.add(profiled(r, raw));
                } else {
                    results.add(r);
                }
            }
        } catch (NullPointerException | ClassCastException | JsonException missing) {
            throw lacking(out, setting, missing);
        }
        boolean keep = keepFlagged != null ? keepFlagged : record.keepFlagged();
        Environment environment = record.environment()
                .with(Environment.REANALYSED_AT, Instant.now().toString())
                .with(Environment.KEEP_FLAGGED, String.valueOf(keep));
        List<HistoryRecord> past = List.of();
        Instant at = record.environment().generatedAt();
        if (history != null && at != null) {
            // the comparisons before this one, as its own report saw them
            past = HistoryFiles.read(history, configuration(record, results)).stream()
                    .filter(h -> h.at().isBefore(at))
                    .toList();
        }
        return Comparison.of(ComparisonInput.of(environment, record.tests(), record.modes(), results)
                .wallS(record.wallS())
                .keepFlagged(keep)
                .margin(record.margin())
                .sequential(record.sequential())
                .contrasts(
                        contrasts == null ? record.contrasts() : CompareSettings.contrasts(contrasts, record.modes()))
                .twoStage(RawFiles.readTwoStage(out))
                .past(past)
                .profiles(CpuProfiles.of(record.tests(), record.modes(), profiles, results))
                .build());
    }

    /** A field this version records and the one that wrote the directory did not. */
    private static IllegalArgumentException lacking(Path out, String setting, RuntimeException missing) {
        return new IllegalArgumentException(setting + ": " + out + "'s raw files lack what this version of the lab"
                + " records (" + missing + "): run the comparison again");
    }

    /** A study profile's claim-by-claim table, before index.html, which links it (nothing for other profiles). */
    private static void study(Comparison comparison, ComparisonRecord record, Path out) throws IOException {
        if (Catalogue.Profile.STUDY.label().equals(record.environment().profile())) {
            StudyReport.write(comparison, StudyTable.of(comparison, record.cpus(), record.margin()), out);
            System.out.println("[compare] the study's claims: " + out.resolve(StudyReport.HTML));
        }
    }

    /** What makes comparisons comparable, from the record and each test's JMeter properties. */
    private static String configuration(ComparisonRecord record, List<RunResult> results) {
        Map<String, Map<String, String>> props = new LinkedHashMap<>();
        results.forEach(r -> props.putIfAbsent(r.test(), r.props()));
        return HistoryFiles.configuration(record, props);
    }

    /** A profiled run's profile; one that cannot be read says why on the console and in the report. */
    private static RunProfile profiled(RunResult r, RawRun raw) throws IOException {
        RunProfile p = RunProfile.of(r, raw);
        if (!p.analysed()) {
            System.out.println("[compare] " + r.dir() + ": no profile: " + p.problem());
        }
        return p;
    }

    /**
     * The comparison's runs as they happen: numbered in the order they run out of all planned so far, each analysed
     * as it ends; a measured run's result goes to {@link #results}, a profiled run's profile to {@link #profiles}.
     */
    private static final class Session {
        final Runner runner;
        final CompareSettings settings;
        final double reference;
        final List<RunResult> results = new ArrayList<>();
        final List<RunProfile> profiles = new ArrayList<>();
        private int done;
        private int planned;

        Session(Runner runner, CompareSettings settings, double reference, int planned) {
            this.runner = runner;
            this.settings = settings;
            this.reference = reference;
            this.planned = planned;
        }

        /** A stop after some runs ended: they are kept, and the message says how to report them. */
        private Stopped finished(Stopped stopped) {
            int kept = results.size() + profiles.size();
            return kept == 0
                    ? stopped
                    : new Stopped(stopped.getMessage() + "; the " + kept + " run" + (kept == 1 ? "" : "s")
                            + " that ended can be reported: ./mvnw -Pcompare verify -D" + Setting.REANALYSE.key()
                            + "=" + settings.out());
        }

        /** Runs beyond the first plan: a replacing round's, the second stage's. */
        void plan(int more) {
            planned += more;
        }

        void run(List<Schedule.Slot> slots) throws IOException, InterruptedException {
            for (List<Schedule.Slot> jvm : Schedule.jvms(slots, settings.sharedJvm())) {
                try {
                    runner.run(jvm, done + 1, planned);
                } catch (Stopped stopped) {
                    throw finished(stopped);
                }
                for (Schedule.Slot slot : jvm) {
                    done++;
                    RawRun raw = RawFiles.readRun(runner.dir(slot));
                    RunResult r = RunAnalysis.analyse(
                            slot.spec(), raw, settings.cpus(), settings.poolMaxThreads(), reference);
                    ConsoleProgress.progress(r, done, planned, System.out);
                    if (slot.profiled()) {
                        profiles.add(profiled(r, raw));
                    } else {
                        results.add(r);
                    }
                }
            }
        }
    }

    /**
     * Rounds that replace the runs the method left out (compare.replaceLeftOut): while a test has a mode with fewer
     * runs counted for its primary figure than the repetitions asked, a run of every mode more, in the comparison's
     * order, up to the rounds allowed. Returns each test's spec with the repetitions it has run.
     */
    private static List<TestSpec> replaceLeftOut(Session runs) throws IOException, InterruptedException {
        CompareSettings settings = runs.settings;
        List<String> tests = settings.specs().stream().map(TestSpec::name).toList();
        List<Integer> wanted = settings.specs().stream().map(TestSpec::repeats).toList();
        List<TestSpec> sofar = settings.specs();
        for (int round = 1; round <= settings.replaceLeftOut() && !settings.keepFlagged(); round++) {
            List<Replacements.Shortfall> shortfalls =
                    Replacements.of(tests, wanted, settings.modes(), runs.results, false, settings.userTest());
            List<Integer> more =
                    shortfalls.stream().map(f -> f.isShort() ? 1 : 0).toList();
            if (more.stream().allMatch(n -> n == 0)) {
                break;
            }
            List<TestSpec> next = new ArrayList<>();
            for (int t = 0; t < tests.size(); t++) {
                TestSpec spec = sofar.get(t);
                next.add(new TestSpec(spec.test(), spec.props(), spec.repeats() + more.get(t)));
                if (more.get(t) == 1) {
                    System.out.printf(
                            Locale.ROOT,
                            "[compare] %s: %s; a round more to replace the runs left out (%d of %d)%n",
                            tests.get(t),
                            shortfalls.get(t).why(),
                            spec.repeats() + 1 - wanted.get(t),
                            settings.replaceLeftOut());
                }
            }
            List<Schedule.Slot> slots =
                    Schedule.continuing(sofar, more, settings.modes(), settings.order(), settings.seed() + round);
            sofar = next;
            runs.plan(slots.size());
            runs.run(slots);
        }
        return sofar;
    }

    /**
     * The sequential design's blocks: while a test has a primary ratio its looks have not stopped, a block of {@link
     * Sequentials#STEP} rounds more of that test, interleaved as the first rounds were, up to {@link Sequentials#CAP}.
     * Runs the method leaves out are not replaced: they lower their look's information, and the cap bounds the time.
     * Returns each test's spec with the rounds it ran.
     */
    private static List<TestSpec> untilDecided(Session runs, List<TestSpec> first, ComparisonRecord atStart)
            throws IOException, InterruptedException {
        CompareSettings settings = runs.settings;
        List<TestSpec> sofar = first;
        for (int block = 1; ; block++) {
            Comparison read = Comparison.of(
                    ComparisonInput.of(atStart.environment(), atStart.tests(), atStart.modes(), runs.results)
                            .keepFlagged(settings.keepFlagged())
                            .margin(settings.margin())
                            .sequential(true)
                            .build());
            List<Integer> more = new ArrayList<>();
            List<TestSpec> next = new ArrayList<>();
            for (TestSpec spec : sofar) {
                boolean open =
                        read.sequential().stream().anyMatch(r -> r.test().equals(spec.name()) && r.stopped() == null);
                int add = open ? Math.max(0, Math.min(Sequentials.STEP, Sequentials.CAP - spec.repeats())) : 0;
                SequentialReport.lines(read, spec.name()).forEach(line -> System.out.println("[compare] " + line));
                more.add(add);
                next.add(new TestSpec(spec.test(), spec.props(), spec.repeats() + add));
            }
            if (more.stream().allMatch(n -> n == 0)) {
                return sofar;
            }
            List<Schedule.Slot> slots =
                    Schedule.continuing(sofar, more, settings.modes(), settings.order(), settings.seed() + block);
            System.out.printf(
                    Locale.ROOT,
                    "[compare] sequential: a block of %d runs more (looks after %s rounds)%n",
                    slots.size(),
                    Sequentials.looksText());
            sofar = next;
            runs.plan(slots.size());
            runs.run(slots);
        }
    }

    /**
     * The two-stage design's plan: each test's from the first stage's runs and the budget left ({@code elapsed}
     * seconds are spent or promised), a line per test, the plan in the raw files; the added runs, interleaved, go to
     * {@code more}.
     */
    private static TwoStageRecord secondStage(
            CompareSettings settings,
            List<TestSpec> sofar,
            List<RunResult> results,
            double elapsed,
            List<Schedule.Slot> more)
            throws IOException {
        Map<String, Double> perRun = new LinkedHashMap<>();
        for (TestSpec spec : settings.specs()) {
            // each run's recorded wall time: its calibration, servers, warm-up, load and stop
            perRun.put(
                    spec.name(),
                    results.stream()
                            .filter(r -> r.test().equals(spec.name()))
                            .mapToDouble(r -> r.record().wallS())
                            .average()
                            .orElse(Double.NaN));
        }
        TwoStageRecord plan = TwoStagePlans.plan(
                settings.specs().stream().map(TestSpec::name).toList(),
                settings.modes(),
                results,
                settings.keepFlagged(),
                settings.userTest(),
                settings.precision(),
                perRun,
                elapsed);
        plan.tests()
                .forEach(t -> System.out.println("[compare] " + TwoStageReport.planned(plan, t, settings.baseline())));
        RawFiles.writeTwoStage(settings.out(), plan);
        more.addAll(Schedule.continuing(
                sofar,
                settings.specs().stream()
                        .map(s -> plan.test(s.name()).addedRuns())
                        .toList(),
                settings.modes(),
                settings.order(),
                settings.seed()));
        if (!more.isEmpty()) {
            System.out.printf(
                    Locale.ROOT,
                    "[compare] second stage: %d runs, about %s of the %s left of the budget%n",
                    more.size(),
                    Precision.duration(plan.tests().stream()
                            .mapToDouble(t -> t.addedRuns()
                                    * t.secondsPerRun()
                                    * settings.modes().size())
                            .sum()),
                    Precision.duration(settings.precision().budgetSeconds() - plan.firstStageSeconds()));
        }
        return plan;
    }

    /** The sizing pilot's estimates and design: printed, in sizing.json, and the HTML section it returns. */
    private static String sizing(CompareSettings settings, List<RunResult> results) throws IOException {
        Sizing sizing = Sizing.of(
                settings.specs(),
                settings.modes(),
                results,
                results.stream().map(r -> r.record().wallS()).toList(),
                settings.keepFlagged(),
                settings.userTest(),
                settings.precision().target());
        String app = null;
        if (settings.app() != null) {
            app = "-Dcompare.app=" + settings.app().path()
                    + (settings.app().plan() != null
                            ? " -Dcompare.plan=" + settings.app().plan()
                            : " -Dcompare.url=" + settings.app().url());
        }
        return SizingReport.write(sizing, sizing.command(settings.warmupSeconds(), app), settings.out(), System.out);
    }

    /** Seconds the slots are expected to take, as announced: their load and warm-ups, and each run's restart. */
    private static int estimatedSeconds(CompareSettings settings, List<Schedule.Slot> slots) {
        return settings.loadSeconds(slots)
                + Runner.RESTART_SECONDS * slots.size()
                + (settings.probesPace() ? Pace.PROBE_SECONDS + Runner.RESTART_SECONDS : 0);
    }

    private static void report(Comparison comparison, Path out, String sections) throws IOException {
        // the flame graphs first: drawn from the raw recordings, linked from the reports
        FlameGraphReport.write(comparison, out);
        JsonReport.write(comparison, out.resolve("summary.json"));
        CsvReport.write(comparison, out);
        HtmlReport.write(comparison, out, sections);
        ConsoleReport.write(comparison, System.out);
    }
}
