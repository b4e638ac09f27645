package dev.vtlab.compare.report;

import dev.vtlab.compare.analyse.RunResult;
import dev.vtlab.compare.judge.Comparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** runs.csv (one row per run and headline) and ratios.csv (one row per mode, test and headline), for spreadsheets. */
public final class CsvReport {

    private CsvReport() {}

    public static void write(Comparison c, Path dir) throws IOException {
        List<String> runs = new ArrayList<>(List.of(
                "test,mode,repetition,order,requests,errors,error_pct,load_generator_bound,machine_busy,metric,value"));
        for (RunResult r : c.runs()) {
            r.headlines()
                    .forEach((k, v) -> runs.add(String.join(
                            ",",
                            r.test(),
                            r.mode().label(),
                            String.valueOf(r.repetition()),
                            String.valueOf(r.order()),
                            String.valueOf(r.requests()),
                            String.valueOf(r.errors()),
                            num(r.errorPct()),
                            String.valueOf(r.loadGeneratorBound()),
                            String.valueOf(r.machineBusy()),
                            quote(k.key()),
                            num(v))));
        }
        Files.write(dir.resolve("runs.csv"), runs);
        List<String> ratios =
                new ArrayList<>(List.of("test,mode,baseline,metric,ratio,ci_low,ci_high,verdict,judgement"));
        for (Comparison.RatioRow r : c.ratios()) {
            ratios.add(String.join(
                    ",",
                    r.test(),
                    r.mode().label(),
                    r.baseline().label(),
                    quote(r.headline().key()),
                    num(r.ratio().estimate()),
                    num(r.ratio().low()),
                    num(r.ratio().high()),
                    quote(r.verdict().verdict().words()),
                    r.judgement()));
        }
        Files.write(dir.resolve("ratios.csv"), ratios);
        ContrastsReport.csv(c, dir);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains(" ") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
