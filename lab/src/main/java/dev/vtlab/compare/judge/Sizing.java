package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.Headline;
import dev.vtlab.compare.analyse.PerSecond;
import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.TestSpec;
import dev.vtlab.compare.stats.VarianceComponents;
import dev.vtlab.dispatch.DispatchMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sizing pilot judged ({@code -Dcompare.profile=sizing}): per test and mode, where the primary figure's variance
 * lies (within a run, between runs: {@link VarianceComponents#estimate}) and the cheapest experiment that pins the
 * ratio to the baseline down to ± target ({@link VarianceComponents#design}, each mode asked for target / √2: the
 * ratio's log variance is the sum of two modes' about alike). A run's cost is measured: its wall time, and the
 * overhead the window does not account for (fresh JVMs, warm-up, the lower levels' and MSER's seconds).
 *
 * @param target the ratio's relative half-width designed for
 */
public record Sizing(double target, List<DispatchMode> modes, List<TestSizing> tests) {

    /** The longest level a design may ask for: the plans' own bound on a duration. */
    static final int MAX_LEVEL_SECONDS = 3600;

    /**
     * One test: its primary figure at the level it is judged at; the pilot's level length ({@code levelKey}) and
     * its number of levels, each second of window costing {@code steps} seconds of run (every level lengthens with
     * the knob); per mode the components and design; the design for the test (the most runs and the longest window
     * any mode needs, as both modes run alike), as knob values, and its estimated wall time; {@code why} when there
     * is none.
     */
    public record TestSizing(
            TestSpec spec,
            Headline headline,
            String levelKey,
            int pilotLevelSeconds,
            int steps,
            List<ModeSizing> modes,
            int runs,
            int windowSeconds,
            int levelSeconds,
            double seconds,
            double ratioHalfWidth,
            String why) {

        public String test() {
            return spec.name();
        }

        public boolean designed() {
            return why.isEmpty();
        }
    }

    /**
     * One mode of a test: the runs counted, their mean wall time and window, the overhead per run (wall time less
     * {@code steps} × window), the components and the design for target / √2.
     */
    public record ModeSizing(
            DispatchMode mode,
            int runs,
            double runSeconds,
            double windowSeconds,
            double cutSeconds,
            double overheadSeconds,
            VarianceComponents.Components components,
            VarianceComponents.Design design) {}

    /**
     * {@code wallSeconds} is each run's measured wall time, in the order of {@code runs}; {@code specs} as they
     * ran.
     */
    public static Sizing of(
            List<TestSpec> specs,
            List<DispatchMode> modes,
            List<RunResult> runs,
            List<Double> wallSeconds,
            boolean keepFlagged,
            String userTest,
            double target) {
        List<TestSizing> tests = new ArrayList<>();
        for (TestSpec spec : specs) {
            tests.add(test(spec, modes, runs, wallSeconds, keepFlagged, userTest, target));
        }
        return new Sizing(target, modes, List.copyOf(tests));
    }

    private static TestSizing test(
            TestSpec spec,
            List<DispatchMode> modes,
            List<RunResult> runs,
            List<Double> wallSeconds,
            boolean keepFlagged,
            String userTest,
            double target) {
        String key = Catalogue.levelKey(spec.test());
        int pilotLevel = spec.props().containsKey(key) ? spec.intProp(key) : 0;
        // a stepped test lengthens every step with STEP_DURATION: a second more of the top window costs STEPS
        int steps = spec.test().shape().stepped() ? spec.intProp("STEPS") : 1;
        Set<Headline> headlines = new LinkedHashSet<>();
        runs.stream()
                .filter(r -> r.test().equals(spec.name()))
                .forEach(r -> headlines.addAll(r.headlines().keySet()));
        Headline headline = Comparison.primary(spec.name(), userTest, headlines);
        String why = headline == null
                ? "no run measured its primary figure"
                : !PerSecond.exists(headline.metric())
                        ? "its primary figure (" + headline.metric().words
                                + ") is a figure of the whole window, not of each second: no within-run component;"
                                + " size it by the runs' spread (compare.precision)"
                        : spec.test().shape() == Catalogue.Shape.PLAN
                                        && !spec.props().containsKey("DURATION")
                                ? "your plan sets its own durations: give -Dcompare.DURATION to size its level"
                                : "";
        List<ModeSizing> sized = new ArrayList<>();
        if (why.isEmpty()) {
            for (DispatchMode mode : modes) {
                sized.add(mode(spec, mode, headline, runs, wallSeconds, keepFlagged, pilotLevel, steps, target));
            }
            why = sized.stream()
                    .filter(m -> Double.isNaN(m.design().halfWidth()))
                    .map(m -> m.mode().label() + ": " + m.design().why())
                    .findFirst()
                    .orElse("");
        }
        if (!why.isEmpty()) {
            return new TestSizing(spec, headline, key, pilotLevel, steps, sized, 0, 0, 0, Double.NaN, Double.NaN, why);
        }
        int designRuns = sized.stream().mapToInt(m -> m.design().runs()).max().orElseThrow();
        int window =
                sized.stream().mapToInt(m -> m.design().windowSeconds()).max().orElseThrow();
        double cut = sized.stream().mapToDouble(ModeSizing::cutSeconds).max().orElseThrow();
        double seconds = sized.stream()
                .mapToDouble(m -> designRuns * (m.overheadSeconds() + steps * window))
                .sum();
        // the ratio's log variance is the sum of the two modes': its half-width about √(h_mode² + h_baseline²)
        double ratio = 0;
        for (ModeSizing m : sized.subList(1, sized.size())) {
            ratio = Math.max(
                    ratio,
                    Math.hypot(m.design().halfWidth(), sized.get(0).design().halfWidth()));
        }
        return new TestSizing(
                spec,
                headline,
                key,
                pilotLevel,
                steps,
                sized,
                designRuns,
                window,
                window + (int) Math.ceil(cut),
                seconds,
                ratio,
                "");
    }

    private static ModeSizing mode(
            TestSpec spec,
            DispatchMode mode,
            Headline headline,
            List<RunResult> runs,
            List<Double> wallSeconds,
            boolean keepFlagged,
            int pilotLevel,
            int steps,
            double target) {
        List<double[]> series = new ArrayList<>();
        double wall = 0, window = 0;
        int n = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            if (!r.test().equals(spec.name()) || r.mode() != mode || !Comparison.counts(r, keepFlagged, headline)) {
                continue;
            }
            RunResult.Level level = level(r, headline);
            if (level == null) {
                continue;
            }
            series.add(PerSecond.of(r, level, headline.metric()));
            wall += wallSeconds.get(i);
            window += level.toS() - level.fromS();
            n++;
        }
        double runSeconds = n == 0 ? Double.NaN : wall / n, windowSeconds = n == 0 ? Double.NaN : window / n;
        double overhead = runSeconds - steps * windowSeconds;
        VarianceComponents.Components c = VarianceComponents.estimate(series);
        double cut = Math.max(0, pilotLevel - windowSeconds);
        VarianceComponents.Design d = VarianceComponents.design(
                c, steps, Math.max(0, overhead), target / Math.sqrt(2), TestSpec.MAX_REPEATS, (int)
                        Math.max(VarianceComponents.MIN_BATCHES, MAX_LEVEL_SECONDS - Math.ceil(cut)));
        return new ModeSizing(mode, n, runSeconds, windowSeconds, cut, overhead, c, d);
    }

    /** The level a headline is judged at: its own, or the only one. */
    private static RunResult.Level level(RunResult r, Headline headline) {
        for (RunResult.Level l : r.levels()) {
            if (headline.level() == null
                    ? r.levels().size() == 1
                    : headline.level().equals(l.name())) {
                return l;
            }
        }
        return null;
    }

    /**
     * The command that runs the design: the quick profile's tests with these runs and level lengths, the pilot's
     * modes, warm-up and every other property it ran with; {@code app}: a user's app and load as the pilot was given
     * them ({@code -Dcompare.app=… -Dcompare.plan=…}), null for the lab's tests.
     */
    public String command(int warmupSeconds, String app) {
        StringBuilder c = new StringBuilder("./mvnw -Pcompare verify -Dcompare.profile=quick ");
        c.append(
                app != null
                        ? app
                        : "-Dcompare.tests="
                                + String.join(
                                        ",",
                                        tests.stream().map(TestSizing::test).toList()));
        c.append(" -Dcompare.modes=")
                .append(String.join(",", modes.stream().map(DispatchMode::label).toList()));
        c.append(" -Dcompare.warmupSeconds=").append(warmupSeconds);
        for (TestSizing t : tests) {
            Map<String, String> quick = t.spec().test().defaults().get(Catalogue.Profile.QUICK);
            String prefix = " -Dcompare." + t.test() + ".";
            c.append(prefix)
                    .append("repeats=")
                    .append(t.designed() ? t.runs() : t.spec().repeats());
            t.spec().props().forEach((k, v) -> {
                if (t.designed() && k.equals(t.levelKey())) {
                    c.append(prefix).append(k).append('=').append(t.levelSeconds());
                } else if (!v.equals(quick.get(k))) {
                    c.append(prefix).append(k).append('=').append(v);
                }
            });
        }
        return c.toString();
    }
}
