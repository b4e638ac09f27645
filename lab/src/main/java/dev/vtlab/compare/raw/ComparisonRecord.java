package dev.vtlab.compare.raw;

import dev.vtlab.compare.settings.Contrast;
import dev.vtlab.compare.settings.CpuPlan;
import dev.vtlab.dispatch.DispatchMode;
import java.util.List;
import java.util.Map;

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
        Map<String, String> environment,
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
        boolean sequential) {

    /** The environment's key of the lab's version: its git commit, "+modified" when its tracked files were edited. */
    public static final String LAB_VERSION = "lab_version";

    /**
     * The environment's key of the version of what runs and analyses: the last commit that changed anything but the
     * docs, the tests, the report writers and the files no comparison uses, "+modified" when another file was edited.
     * A comparison's history is kept by it, so such a commit does not start a new one.
     */
    public static final String LAB_CODE_VERSION = "lab_code_version";
}
