package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Designs;
import dev.vtlab.compare.judge.Sequentials;
import dev.vtlab.compare.preflight.Prepared;
import dev.vtlab.compare.run.Runner;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Precision;
import dev.vtlab.compare.settings.Schedule;
import dev.vtlab.compare.settings.Setting;
import dev.vtlab.compare.settings.StudyProfile;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The console while a comparison runs: what it will do, then each run's figures as it ends. Formatting only. */
public final class ConsoleProgress {

    private ConsoleProgress() {}

    /**
     * What the comparison will do, before its first run: the tests and their runs, the order, the expected time
     * ({@code estimatedSeconds}, each warm-up at its cap once), what its {@code designs} buy, the CPUs, a user's app, the
     * notes.
     */
    public static void announce(
            Prepared prepared,
            List<Schedule.Slot> slots,
            int estimatedSeconds,
            List<Designs.Announced> designs,
            PrintStream out) {
        CompareSettings settings = prepared.settings();
        // a user's plan runs as long as it runs, unless compare.DURATION says how long that is
        boolean unknownLength = settings.specs().stream()
                .anyMatch(s ->
                        s.test().shape() == Catalogue.Shape.PLAN && !s.props().containsKey("DURATION"));
        out.printf(
                Locale.ROOT,
                "[compare] %s profile: %s in modes %s (baseline %s), %s order: %d run%s%s, %s%n",
                settings.profile().label(),
                settings.specs().stream()
                        .map(s -> s.name() + " ×"
                                + (settings.sequential() ? Sequentials.FIRST + "–" + Sequentials.CAP : s.repeats()))
                        .toList(),
                settings.modes().stream().map(DispatchMode::label).toList(),
                settings.baseline().label(),
                settings.order().name().toLowerCase(Locale.ROOT),
                slots.size(),
                slots.size() == 1 ? "" : "s",
                settings.cpuProfile().enabled()
                        ? " (" + slots.stream().filter(Schedule.Slot::profiled).count()
                                + " of them profiled, each round's after its measured runs)"
                        : "",
                unknownLength
                        ? "each as long as your plan runs plus about " + Runner.RESTART_SECONDS + " s"
                        : expectedTime(settings, slots, estimatedSeconds));
        if (settings.sequential()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] sequential: %d runs scheduled for the first look; each test then stops as soon as its"
                            + " verdicts are reached, looking after %s rounds, at most about %d min%n",
                    slots.size(),
                    Sequentials.looksText(),
                    (estimatedSeconds * Sequentials.CAP / Sequentials.FIRST + 59) / 60);
        } else if (settings.replaceLeftOut() > 0 && !settings.keepFlagged()) {
            out.printf(
                    Locale.ROOT,
                    "[compare] runs the method leaves out are replaced: up to %d round%s more per test (%s=%d)%n",
                    settings.replaceLeftOut(),
                    settings.replaceLeftOut() == 1 ? "" : "s",
                    Setting.REPLACE_LEFT_OUT.key(),
                    settings.replaceLeftOut());
        }
        if (settings.precision() != null) {
            precision(settings, out);
        } else if (!settings.sequential()) {
            buys(designs, settings.margin(), out);
        }
        out.println("[compare] CPUs: " + settings.cpus().describe(prepared.app() == null));
        if (prepared.app() != null) {
            out.printf(
                    Locale.ROOT,
                    "[compare] your app: %s (%s), on port %d as server %s-<mode>%n",
                    prepared.app().source(),
                    prepared.app().kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    prepared.port(),
                    settings.server());
        }
        if (settings.profile() == Catalogue.Profile.STUDY) {
            StudyProfile.notes(settings.cpus()).forEach(note -> out.println("[compare] study: " + note));
        }
        prepared.notes().forEach(note -> out.println("[compare] note: " + note));
        prepared.planNotes().forEach(note -> out.println("[compare] note: your plan's " + note));
    }

    /** What the design buys ({@link Designs}): a line per number of runs per mode. */
    static void buys(List<Designs.Announced> designs, double margin, PrintStream out) {
        for (Designs.Announced a : designs) {
            out.printf(
                    Locale.ROOT,
                    "[compare] what %d runs per mode buy (%s): at a spread between runs of %s (this lab's machine,"
                            + " least and most) a 95 %% interval of about %s, and identical modes found equivalent"
                            + " within ±%.0f %% %s of the time; the report says what the runs reached%n",
                    a.runsPerMode(),
                    String.join(", ", a.tests()),
                    joined(a.designs(), d -> pct(d.spread())),
                    joined(a.designs(), d -> "±" + pct(d.halfWidth())),
                    100 * margin,
                    joined(a.designs(), d -> pct(d.equivalenceChance())));
        }
    }

    private static String joined(List<Verdicts.Design> designs, Function<Verdicts.Design, String> part) {
        return designs.stream().map(part).collect(Collectors.joining(" and "));
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * fraction);
    }

    private static void precision(CompareSettings settings, PrintStream out) {
        Precision p = settings.precision();
        out.println(
                settings.profile() == Catalogue.Profile.SIZING
                        ? String.format(
                                Locale.ROOT,
                                "[compare] a sizing pilot: then the repetitions and level length that reach ±%.1f %% on"
                                        + " each test's primary ratio at least time%s",
                                100 * p.target(),
                                p.budgetSeconds() == null
                                        ? ""
                                        : " (budget " + Precision.duration(p.budgetSeconds()) + ")")
                        : String.format(
                                Locale.ROOT,
                                "[compare] to ±%.1f %% on each test's primary ratio within %s: these runs are the first"
                                        + " stage; the second stage's follow from its variance and the budget left",
                                100 * p.target(),
                                Precision.duration(p.budgetSeconds())));
    }

    /**
     * The announced time: {@code estimatedSeconds} counts each warm-up as {@code compare.warmupSeconds} long, about
     * what a warm-up takes here; a plan that warms in itself has two phases (the compile phase, then its own load),
     * each with that cap, so the longest is said too.
     */
    static String expectedTime(CompareSettings settings, List<Schedule.Slot> slots, int estimatedSeconds) {
        String about = "about " + (estimatedSeconds + 59) / 60 + " min";
        if (settings.warmupSeconds() == 0) {
            return about;
        }
        about += " with every warm-up " + settings.warmupSeconds() + " s long";
        int secondPhases = settings.compilePhaseSeconds(slots);
        return secondPhases == 0
                ? about
                : about + ", at most " + (estimatedSeconds + secondPhases + 59) / 60
                        + " min with both its phases at their caps";
    }

    /** One run's figures as it ends: its levels, errors and warnings. */
    public static void progress(RunResult r, int order, int total, PrintStream out) {
        out.printf(
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
