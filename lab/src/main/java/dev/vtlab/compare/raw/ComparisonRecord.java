package dev.vtlab.compare.raw;

import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import java.util.List;

/**
 * What a comparison was, recorded beside its runs: enough to analyse them again. {@code environment} is what the
 * report shows (machine, command, settings); the typed fields are what the analysis needs.
 *
 * @param poolMaxThreads Liberty's maxThreads when the comparison capped it, else null
 * @param userTest a user's load ("plan:PATH" or "url:/path"), else null
 * @param keepFlagged whether flagged runs counted in the verdicts
 * @param margin the equivalence margin the verdicts used (a fraction)
 * @param calibration the server CPUs' speed as the comparison started (work units per second), the reference each
 *     run's own is held against
 * @param contrasts the pairs of modes compared besides each mode with the baseline (compare.contrasts)
 * @param sequential whether each test stopped when its primary verdicts were reached (compare.sequential): its
 *     verdicts are the sequential design's
 */
public record ComparisonRecord(
        Environment environment,
        List<String> tests,
        List<DispatchMode> modes,
        CpuPlan cpus,
        Integer poolMaxThreads,
        String userTest,
        boolean keepFlagged,
        double margin,
        double calibration,
        double wallS,
        List<Contrast> contrasts,
        boolean sequential) {}
