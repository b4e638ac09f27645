/**
 * The A/B comparison ({@code ./mvnw -Pcompare verify}), a pipeline read in one direction. {@link
 * dev.vtlab.compare.Compare} is the script that calls the stages in order; no stage imports a later one.
 *
 * <ol>
 *   <li><b>settings</b> ({@code dev.vtlab.compare.settings}): {@code -Dcompare.*} parsed, purely, into {@code
 *       CompareSettings}; the tests ({@code Catalogue}, {@code TestSpec}), the order of runs ({@code Schedule}), the
 *       CPU split ({@code CpuPlan}), every known key ({@code Setting}).
 *   <li><b>preflight</b> ({@code preflight}): every check that needs the machine, before anything is deleted or
 *       started: the user's app and plan, the properties the plans read, JMeter and Liberty from the build, free
 *       ports, a report directory the lab may overwrite, the machine lock. Gives {@code Prepared}.
 *   <li><b>run</b> ({@code run}): the server directories ({@code ServerLayout}), fresh servers per run ({@code
 *       LabServers}, {@code ServerLog}), JMeter's process ({@code JMeter}, {@code JMeterRun}), the per-second
 *       sampler ({@code ProcessSampler}, {@code JmxMetrics}); each run leaves its raw files.
 *   <li><b>raw</b> ({@code raw}): the raw-run format between run and analysis, written and read by {@code
 *       RawFiles} only: {@code comparison.json}, and per run {@code run.json}, {@code results.jtl}, {@code
 *       samples.csv}. {@code -Dcompare.reanalyse} and {@code -Dcompare.studyFrom} start here. The history of past comparisons ({@code
 *       compare.history}) is read and appended by {@code HistoryFiles} only.
 *   <li><b>analyse</b> ({@code analyse}): one run's figures ({@code RunAnalysis}): load levels ({@code Levels}),
 *       steady windows ({@code SteadyWindow}), what makes a run doubtful ({@code Validity}); typed {@code
 *       Headline}s of {@code Metric}s; a profiled run's CPU by bucket ({@code RunProfile}).
 *   <li><b>judge</b> ({@code judge}): {@code Comparison}, the result model: aggregates over repetitions, ratios to
 *       the baseline with intervals and verdicts, the contrasts between modes, where the variance is ({@code
 *       Variability}) and the past comparisons beside today's ({@code History}); the profiled runs' buckets ({@code CpuProfiles}), in no verdict; {@code StudyTable}, the study profile's verdict per claim of the
 *       case study ({@code settings.StudyClaims}).
 *   <li><b>report</b> ({@code report}): writers that only format the model: {@code summary.json}, CSV, {@code
 *       index.html}, the console's verdict lines; {@code study.html} and {@code study.json} for the study profile.
 * </ol>
 *
 *
 * <p>The statistics are in {@code stats}, which imports no stage: {@code Stats} (means, percentiles, t
 * intervals), {@code Ratios} and {@code LogRatio} (ratios between modes), {@code Verdicts}, {@code Multiplicity}
 * (Holm), {@code Sequential}, {@code TwoStage}, {@code VarianceComponents}, {@code MetaAnalysis} and {@code
 * BetweenComparisons}, {@code Contrasts}, {@code Fisher}; analysis and judge call them.
 */
package dev.vtlab.compare;
