package dev.vtlab.compare;

import dev.vtlab.compare.analyse.RunAnalysis;
import dev.vtlab.compare.analyse.RunProfile;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import dev.vtlab.compare.judge.CpuProfiles;
import dev.vtlab.compare.judge.History;
import dev.vtlab.compare.judge.StudyTable;
import dev.vtlab.compare.preflight.Preflight;
import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.raw.ComparisonRecord;
import dev.vtlab.compare.raw.HistoryFiles;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.raw.RawFiles;
import dev.vtlab.compare.raw.RawRun;
import dev.vtlab.compare.raw.RunRecord;
import dev.vtlab.compare.report.ConsoleReport;
import dev.vtlab.compare.report.CsvReport;
import dev.vtlab.compare.report.FlameGraphReport;
import dev.vtlab.compare.report.HtmlReport;
import dev.vtlab.compare.report.JsonReport;
import dev.vtlab.compare.report.StudyReport;
import dev.vtlab.compare.run.Environment;
import dev.vtlab.compare.run.Runner;
import dev.vtlab.compare.run.ServerLayout;
import dev.vtlab.compare.run.Stopped;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.Schedule;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.StudyProfile;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.dispatch.DispatchMode;
import dev.vtlab.measurement.Machine;
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
import java.util.stream.Collectors;

/**
 * The A/B comparison, as a script of its stages (see package-info): settings → preflight → run → analyse →
 * judge → report. {@code -Dcompare.reanalyse=DIR} starts from a report directory's raw files instead of running.
 *
 * <pre>./mvnw -Pcompare verify [-Dcompare.profile=smoke|quick|rigorous|full|study] [-Dcompare.tests=ping] ...</pre>
 */
public final class Compare {

    private Compare() {}

    public static void main(String[] args) throws Exception {
        try {
            String again = System.getProperty(Setting.REANALYSE.key());
            String keep = System.getProperty(Setting.KEEP_FLAGGED.key());
            Path report = again != null
                    ? reanalyse(
                            Path.of(again),
                            keep == null ? null : CompareSettings.keepFlagged(keep, false),
                            System.getProperty(Setting.CONTRASTS.key()),
                            CompareSettings.history(
                                    System.getProperty(Setting.HISTORY.key()), System.getProperty("user.home")))
                    : run(
                            System.getProperties(),
                            Path.of(System.getProperty("basedir", ".")).toAbsolutePath());
            System.out.println("[compare] report: " + report.resolve("index.html"));
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
        CompareSettings settings = CompareSettings.from(properties, basedir, Machine.allowedCpus());
        List<Contrast> contrasts =
                CompareSettings.contrasts(properties.getProperty(Setting.CONTRASTS.key()), settings.modes());
        Path history =
                CompareSettings.history(properties.getProperty(Setting.HISTORY.key()), System.getProperty("user.home"));
        HistoryFiles.check(history, Setting.HISTORY.key());
        List<Schedule.Slot> slots = Schedule.of(
                settings.specs(),
                settings.modes(),
                settings.order(),
                settings.seed(),
                settings.cpuProfile().profiledRuns());
        try (Prepared prepared = Preflight.check(settings, properties)) {
            announce(prepared, slots);
            Files.createDirectories(settings.out());
            Files.writeString(settings.out().resolve(Preflight.REPORT_MARKER), "written by vtlab's comparison\n");
            ServerLayout.prepare(settings, prepared.app(), prepared.port());
            Runner runner = new Runner(prepared);
            runner.clearRuns();
            double reference = runner.calibrate();
            System.out.printf(Locale.ROOT, "[compare] server CPUs at %.0f calibration units/s%n", reference);
            List<RunResult> results = new ArrayList<>();
            List<RunProfile> profiles = new ArrayList<>();
            long started = System.currentTimeMillis();
            for (int i = 0; i < slots.size(); i++) {
                Schedule.Slot slot = slots.get(i);
                runner.run(slot, i + 1, slots.size());
                RawRun raw = RawFiles.readRun(runner.dir(slot));
                RunResult r =
                        RunAnalysis.analyse(slot.spec(), raw, settings.cpus(), settings.poolMaxThreads(), reference);
                progress(r, i + 1, slots.size());
                if (slot.profiled()) {
                    profiles.add(profiled(r, raw));
                } else {
                    results.add(r);
                }
            }
            ComparisonRecord record = new ComparisonRecord(
                    Environment.of(prepared, properties),
                    settings.specs().stream().map(TestSpec::name).toList(),
                    settings.modes(),
                    settings.cpus(),
                    settings.poolMaxThreads(),
                    Environment.userTest(settings),
                    settings.keepFlagged(),
                    settings.margin(),
                    reference,
                    (System.currentTimeMillis() - started) / 1000.0,
                    contrasts);
            RawFiles.writeComparison(settings.out(), record);
            Comparison comparison = Comparison.of(
                    record.environment(),
                    record.tests(),
                    record.modes(),
                    results,
                    record.wallS(),
                    record.keepFlagged(),
                    record.margin(),
                    record.contrasts());
            String configuration = configuration(record, results);
            List<HistoryRecord> past = history == null ? List.of() : HistoryFiles.read(history, configuration);
            comparison =
                    comparison.withHistory(past).withProfiles(CpuProfiles.of(record.tests(), record.modes(), profiles));
            study(comparison, record, settings.out());
            report(comparison, settings.out());
            if (history != null) {
                HistoryFiles.append(
                        history,
                        History.record(comparison, configuration, generatedAt(record)),
                        CompareSettings.HISTORY_KEEP,
                        Setting.HISTORY.key());
                System.out.println("[compare] history: " + history + " (" + (past.size() + 1) + " comparison"
                        + (past.isEmpty() ? "" : "s") + " of this configuration)");
            }
            System.out.printf(Locale.ROOT, "[compare] done in %.0f s%n", record.wallS());
            return settings.out();
        }
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
        if (!Files.isRegularFile(out.resolve(RawFiles.COMPARISON))) {
            throw new IllegalArgumentException("compare.reanalyse: " + out + " has no " + RawFiles.COMPARISON
                    + " (not a report directory of this version of the lab)");
        }
        ComparisonRecord record;
        List<RawRun> raws;
        try {
            record = RawFiles.readComparison(out);
            raws = RawFiles.readRuns(out);
        } catch (NullPointerException | ClassCastException | JsonException missing) {
            // a field this version records and the one that wrote the directory did not
            throw new IllegalArgumentException("compare.reanalyse: " + out + "'s raw files lack what this version"
                    + " of the lab records (" + missing + "): run the comparison again");
        }
        List<RunResult> results = new ArrayList<>();
        List<RunProfile> profiles = new ArrayList<>();
        for (RawRun raw : raws) {
            RunRecord run = raw.record();
            // a profiled run counts among the profiled runs of its pair, a measured one among the measured
            int repeats = (int) raws.stream()
                    .filter(x -> x.record().test().equals(run.test())
                            && x.record().mode() == run.mode()
                            && x.record().profiled() == run.profiled())
                    .count();
            TestSpec spec = new TestSpec(Catalogue.resolve(run.test(), record.userTest()), run.props(), repeats);
            RunResult r = RunAnalysis.analyse(spec, raw, record.cpus(), record.poolMaxThreads(), record.calibration());
            if (run.profiled()) {
                profiles.add(profiled(r, raw));
            } else {
                results.add(r);
            }
        }
        Map<String, String> environment = new LinkedHashMap<>(record.environment());
        environment.put("reanalysed_at", Instant.now().toString());
        boolean keep = keepFlagged != null ? keepFlagged : record.keepFlagged();
        environment.put("keep_flagged", String.valueOf(keep));
        Comparison comparison = Comparison.of(
                environment,
                record.tests(),
                record.modes(),
                results,
                record.wallS(),
                keep,
                record.margin(),
                contrasts == null ? record.contrasts() : CompareSettings.contrasts(contrasts, record.modes()));
        if (history != null && record.environment().containsKey("generated_at")) {
            // the comparisons before this one, as its own report saw them
            Instant at = generatedAt(record);
            comparison = comparison.withHistory(HistoryFiles.read(history, configuration(record, results)).stream()
                    .filter(h -> h.at().isBefore(at))
                    .toList());
        }
        comparison = comparison.withProfiles(CpuProfiles.of(record.tests(), record.modes(), profiles));
        study(comparison, record, out);
        report(comparison, out);
        return out;
    }

    /** A study profile's claim-by-claim table, before index.html, which links it (nothing for other profiles). */
    private static void study(Comparison comparison, ComparisonRecord record, Path out) throws IOException {
        if (Catalogue.Profile.STUDY.label().equals(record.environment().get("profile"))) {
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

    private static Instant generatedAt(ComparisonRecord record) {
        return Instant.parse(record.environment().get("generated_at"));
    }

    /** A profiled run's profile; one that cannot be read says why on the console and in the report. */
    private static RunProfile profiled(RunResult r, RawRun raw) throws IOException {
        RunProfile p = RunProfile.of(r, raw);
        if (!p.analysed()) {
            System.out.println("[compare] " + r.dir() + ": no profile: " + p.problem());
        }
        return p;
    }

    private static void report(Comparison comparison, Path out) throws IOException {
        // the flame graphs first: drawn from the raw recordings, linked from the reports
        FlameGraphReport.write(comparison, out);
        JsonReport.write(comparison, out.resolve("summary.json"));
        CsvReport.write(comparison, out);
        HtmlReport.write(comparison, out);
        ConsoleReport.write(comparison, System.out);
    }

    private static void announce(Prepared prepared, List<Schedule.Slot> slots) {
        CompareSettings settings = prepared.settings();
        // a user's plan runs as long as it runs, unless compare.DURATION says how long that is
        boolean unknownLength = settings.specs().stream()
                .anyMatch(s ->
                        s.test().shape() == Catalogue.Shape.PLAN && !s.props().containsKey("DURATION"));
        System.out.printf(
                Locale.ROOT,
                "[compare] %s profile: %s in modes %s (baseline %s), %s order: %d runs%s, %s%n",
                settings.profile().label(),
                settings.specs().stream()
                        .map(s -> s.name() + " ×" + s.repeats())
                        .toList(),
                settings.modes().stream().map(DispatchMode::label).toList(),
                settings.baseline().label(),
                settings.order().name().toLowerCase(Locale.ROOT),
                slots.size(),
                settings.cpuProfile().enabled()
                        ? " (" + slots.stream().filter(Schedule.Slot::profiled).count()
                                + " of them profiled, after the measured ones)"
                        : "",
                unknownLength
                        ? "each as long as your plan runs plus about " + Runner.RESTART_SECONDS + " s"
                        : "about " + (settings.loadSeconds(slots) + Runner.RESTART_SECONDS * slots.size() + 59) / 60
                                + " min");
        System.out.println("[compare] CPUs: " + settings.cpus().describe(prepared.app() == null));
        if (prepared.app() != null) {
            System.out.printf(
                    Locale.ROOT,
                    "[compare] your app: %s (%s), on port %d as server %s-<mode>%n",
                    prepared.app().source(),
                    prepared.app().kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    prepared.port(),
                    settings.server());
        }
        if (settings.profile() == Catalogue.Profile.STUDY) {
            StudyProfile.notes(settings.cpus()).forEach(note -> System.out.println("[compare] study: " + note));
        }
        prepared.notes().forEach(note -> System.out.println("[compare] note: " + note));
        prepared.planNotes().forEach(note -> System.out.println("[compare] note: your plan's " + note));
    }

    private static void progress(RunResult r, int order, int total) {
        System.out.printf(
                Locale.ROOT,
                "[compare] %d/%d %s · %s %s%d: %s; errors %d%s%n",
                order,
                total,
                r.test(),
                r.mode().label(),
                r.record().profiled() ? "profiled #" : "#",
                r.repetition(),
                r.levels().stream()
                        .map(l -> String.format(
                                Locale.ROOT,
                                "%s %.1f req/s p95 %.0f ms cpu %.0f %%",
                                l.name(),
                                l.rps(),
                                l.latency().p95(),
                                l.cpuPct()))
                        .collect(Collectors.toList()),
                r.errors(),
                r.warnings().isEmpty() ? "" : "; " + String.join("; ", r.warnings()));
    }
}
