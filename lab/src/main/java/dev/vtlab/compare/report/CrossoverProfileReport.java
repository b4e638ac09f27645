package dev.vtlab.compare.report;

import dev.vtlab.compare.judge.CrossoverProfile;
import dev.vtlab.compare.stats.Stats;
import dev.vtlab.profile.Bucket;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Locale;
import java.util.Map;

/** The crossover's profile ({@link CrossoverProfile}) as a markdown section and a JSON object. */
final class CrossoverProfileReport {

    /** A bucket under this many µs a request in every mode, with no difference past it, is left out of the table. */
    private static final double NEGLIGIBLE_US = 0.05;

    private CrossoverProfileReport() {}

    static void markdown(StringBuilder b, CrossoverProfile p) {
        b.append("\n## Where the CPU goes, in the profiled blocks\n\n");
        b.append(String.format(
                Locale.ROOT,
                "%d profiled blocks ran after the measured ones, recorded with JFR's CPU-time sampler. Each slice's"
                        + " measured CPU a request is split by bucket: the JVM's own threads by their clocks, the rest by"
                        + " sampled CPU. The sampler saw %.0f %% of the CPU the buckets share, in %d samples, %d lost."
                        + " A difference is taken block by block, with its 95 %% interval over the blocks, so the"
                        + " buckets' differences add up to the total's.%n%n",
                p.blocks(),
                p.coveragePct(),
                p.samples(),
                p.lostSamples()));
        b.append("| CPU µs a request |");
        p.modes().forEach(m -> b.append(' ').append(m.mode().label()).append(" |"));
        p.differences().forEach(d -> b.append(' ')
                .append(d.mode().label())
                .append(" − ")
                .append(d.baseline().label())
                .append(", 95 % CI |"));
        b.append("\n|---|");
        b.append("---|".repeat(p.modes().size() + p.differences().size()));
        b.append('\n');
        for (Bucket bucket : Bucket.values()) {
            if (negligible(p, bucket)) {
                continue;
            }
            b.append("| ").append(bucket.label()).append(" |");
            p.modes()
                    .forEach(m ->
                            b.append(' ').append(cell(m.micros().get(bucket))).append(" |"));
            p.differences()
                    .forEach(d ->
                            b.append(' ').append(diff(d.buckets().get(bucket))).append(" |"));
            b.append('\n');
        }
        b.append("| **total, profiled blocks** |");
        p.modes().forEach(m -> b.append(' ').append(cell(m.total())).append(" |"));
        p.differences().forEach(d -> b.append(' ').append(diff(d.total())).append(" |"));
        b.append("\n| total, measured blocks |");
        p.modes().forEach(m -> b.append(" |"));
        p.differences()
                .forEach(d -> b.append(' ').append(diff(d.measuredTotal())).append(" |"));
        b.append("\n| its CPU's interrupts, not in the total |");
        p.modes().forEach(m -> b.append(' ').append(cell(m.interrupts())).append(" |"));
        p.differences().forEach(d -> b.append(' ').append(diff(d.interrupts())).append(" |"));
        b.append('\n');
        p.differences().forEach(d -> sites(b, d));
    }

    private static void sites(StringBuilder b, CrossoverProfile.Difference d) {
        if (d.sites().isEmpty()) {
            return;
        }
        b.append(String.format(
                Locale.ROOT,
                "%nWhere in the code %s and %s differ most. A site is the package of the first frame outside the"
                        + " JDK; when the CPU was in the JDK, its class comes first. These %d were chosen after the"
                        + " data, by the size of their difference: leads, not verdicts. Sampled CPU only, on the"
                        + " buckets' scale.%n%n",
                d.mode().label(),
                d.baseline().label(),
                d.sites().size()));
        b.append("| site | ")
                .append(d.baseline().label())
                .append(" | ")
                .append(d.mode().label())
                .append(" | ")
                .append(d.mode().label())
                .append(" − ")
                .append(d.baseline().label())
                .append(", 95 % CI |\n|---|---|---|---|\n");
        for (CrossoverProfile.Site s : d.sites()) {
            b.append("| `")
                    .append(s.site())
                    .append("` | ")
                    .append(cell(s.baselineMicros()))
                    .append(" | ")
                    .append(cell(s.modeMicros()))
                    .append(" | ")
                    .append(diff(s.difference()))
                    .append(" |\n");
        }
    }

    private static boolean negligible(CrossoverProfile p, Bucket bucket) {
        boolean small = p.modes().stream().allMatch(m -> !(Math.abs(m.micros().get(bucket)) >= NEGLIGIBLE_US));
        boolean flat = p.differences().stream()
                .allMatch(d -> !(Math.abs(d.buckets().get(bucket).mean()) >= NEGLIGIBLE_US));
        return small && flat;
    }

    static JsonObjectBuilder json(CrossoverProfile p) {
        JsonArrayBuilder modes = Json.createArrayBuilder();
        for (CrossoverProfile.ModeBuckets m : p.modes()) {
            JsonObjectBuilder buckets = Json.createObjectBuilder();
            m.micros().forEach((bucket, us) -> buckets.add(key(bucket), number(us)));
            modes.add(Json.createObjectBuilder()
                    .add("mode", m.mode().label())
                    .add("slices", m.slices())
                    .add("cpu_us_per_request", number(m.total()))
                    .add("interrupts_us_per_request", number(m.interrupts()))
                    .add("buckets_us_per_request", buckets));
        }
        JsonArrayBuilder differences = Json.createArrayBuilder();
        for (CrossoverProfile.Difference d : p.differences()) {
            JsonObjectBuilder buckets = Json.createObjectBuilder();
            for (Map.Entry<Bucket, Stats.Interval> e : d.buckets().entrySet()) {
                buckets.add(key(e.getKey()), interval(e.getValue()));
            }
            differences.add(Json.createObjectBuilder()
                    .add("mode", d.mode().label())
                    .add("baseline", d.baseline().label())
                    .add("cpu_us_per_request", interval(d.total()))
                    .add("cpu_us_per_request_measured_blocks", interval(d.measuredTotal()))
                    .add("interrupts_us_per_request", interval(d.interrupts()))
                    .add("buckets_us_per_request", buckets)
                    .add("sites", sitesJson(d)));
        }
        return Json.createObjectBuilder()
                .add("blocks", p.blocks())
                .add("sampled_coverage_pct", number(p.coveragePct()))
                .add("samples", p.samples())
                .add("lost_samples", p.lostSamples())
                .add("modes", modes)
                .add("differences", differences);
    }

    private static JsonArrayBuilder sitesJson(CrossoverProfile.Difference d) {
        JsonArrayBuilder sites = Json.createArrayBuilder();
        for (CrossoverProfile.Site s : d.sites()) {
            sites.add(Json.createObjectBuilder()
                    .add("site", s.site())
                    .add("baseline_us_per_request", number(s.baselineMicros()))
                    .add("mode_us_per_request", number(s.modeMicros()))
                    .add("difference", interval(s.difference())));
        }
        return sites;
    }

    private static String key(Bucket b) {
        return b.name().toLowerCase(Locale.ROOT);
    }

    private static JsonObjectBuilder interval(Stats.Interval i) {
        return Json.createObjectBuilder()
                .add("difference", number(i.mean()))
                .add("ci95_low", number(i.low()))
                .add("ci95_high", number(i.high()))
                .add("blocks", i.n());
    }

    private static JsonValue number(double v) {
        return Double.isFinite(v) ? Json.createValue(Math.round(v * 100) / 100.0) : JsonValue.NULL;
    }

    private static String cell(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "—";
    }

    private static String diff(Stats.Interval i) {
        if (!Double.isFinite(i.mean())) {
            return "—";
        }
        if (!Double.isFinite(i.low())) {
            return String.format(Locale.ROOT, "%+.1f", i.mean());
        }
        return String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", i.mean(), i.low(), i.high());
    }
}
