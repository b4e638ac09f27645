package dev.vtlab.compare.judge;

import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.raw.Environment;
import dev.vtlab.compare.raw.HistoryRecord;
import dev.vtlab.compare.raw.TwoStageRecord;
import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.stats.Verdicts;
import dev.vtlab.dispatch.DispatchMode;
import java.util.List;

/**
 * What {@link Comparison#of} judges: the runs, and how. {@link #of} starts from the defaults (no wall time, runs
 * flagged for their setup left out, the default margin, the fixed design, no contrasts, no two-stage plan, no history,
 * no profiles); each of its builder's setters replaces one.
 *
 * @param environment the comparison's environment, as its report shows it
 * @param modes the modes, the baseline first
 * @param wallS the comparison's wall time in seconds (NaN: not known)
 * @param keepFlagged count the runs flagged for their setup (errors, a busy machine, a load generator at its limit,
 *     the CPUs' speed) in the verdicts too. Runs flagged for their outcome (a level not steady or above its bound, a
 *     pool not converged, the JIT compiling…) always count; each primary row says what it would read without them
 * @param margin the equivalence margin, as a fraction (0.05: ±5 %)
 * @param sequential the runs came in the sequential design's blocks ({@link Sequentials}): each primary row gets the
 *     verdict and repeated intervals of the look that stopped it
 * @param contrasts besides each mode against the baseline, each pair's ratios (secondary rows, in Holm's family with
 *     the others) and its CPU µs per request difference
 * @param twoStage where it planned a fixed precision, the primary row of each test it planned gets Stein's
 *     fixed-width interval ({@link TwoStagePlans#interval}) instead of the ordinary one; null: none planned
 * @param past the history of past comparisons of its configuration (their records, older than this one), which
 *     {@link Comparison#history()} sets beside today's figures
 * @param profiles the profiled runs' CPU by bucket, which count in no verdict
 */
public record ComparisonInput(
        Environment environment,
        List<String> tests,
        List<DispatchMode> modes,
        List<RunResult> runs,
        double wallS,
        boolean keepFlagged,
        double margin,
        boolean sequential,
        List<Contrast> contrasts,
        TwoStageRecord twoStage,
        List<HistoryRecord> past,
        CpuProfiles profiles) {

    public static Builder of(
            Environment environment, List<String> tests, List<DispatchMode> modes, List<RunResult> runs) {
        return new Builder(environment, tests, modes, runs);
    }

    /** The defaults of {@link ComparisonInput#of}, each replaced by its setter. */
    public static final class Builder {
        private final Environment environment;
        private final List<String> tests;
        private final List<DispatchMode> modes;
        private final List<RunResult> runs;
        private double wallS = Double.NaN;
        private boolean keepFlagged;
        private double margin = Verdicts.MARGIN;
        private boolean sequential;
        private List<Contrast> contrasts = List.of();
        private TwoStageRecord twoStage;
        private List<HistoryRecord> past = List.of();
        private CpuProfiles profiles = CpuProfiles.NONE;

        private Builder(Environment environment, List<String> tests, List<DispatchMode> modes, List<RunResult> runs) {
            this.environment = environment;
            this.tests = tests;
            this.modes = modes;
            this.runs = runs;
        }

        public Builder wallS(double wallS) {
            this.wallS = wallS;
            return this;
        }

        public Builder keepFlagged(boolean keepFlagged) {
            this.keepFlagged = keepFlagged;
            return this;
        }

        public Builder margin(double margin) {
            this.margin = margin;
            return this;
        }

        public Builder sequential(boolean sequential) {
            this.sequential = sequential;
            return this;
        }

        public Builder contrasts(List<Contrast> contrasts) {
            this.contrasts = contrasts;
            return this;
        }

        public Builder twoStage(TwoStageRecord twoStage) {
            this.twoStage = twoStage;
            return this;
        }

        public Builder past(List<HistoryRecord> past) {
            this.past = past;
            return this;
        }

        public Builder profiles(CpuProfiles profiles) {
            this.profiles = profiles;
            return this;
        }

        public ComparisonInput build() {
            return new ComparisonInput(
                    environment,
                    tests,
                    modes,
                    runs,
                    wallS,
                    keepFlagged,
                    margin,
                    sequential,
                    contrasts,
                    twoStage,
                    past,
                    profiles);
        }
    }
}
