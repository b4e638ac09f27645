package dev.vtlab.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.settings.Crossover;
import dev.vtlab.compare.settings.Setting;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs cannot drift from the repository: every relative link in a Markdown page resolves (file and heading
 * anchor), and every property a lab plan reads is in its test page's knob table, and the other way round.
 */
class DocsTest {

    private static final Path ROOT = Fixtures.ROOT;

    /** Each of the lab's plans and the page in docs/tests/ whose "| property | …" table documents its knobs. */
    static final Map<String, String> PLAN_PAGES = Map.of(
            "jmeter/ping.jmx", "docs/tests/ping.md",
            "jmeter/throughput.jmx", "docs/tests/throughput.md",
            "jmeter/throughput-open.jmx", "docs/tests/throughput-open.md",
            "jmeter/ramp-up.jmx", "docs/tests/ramp-up.md",
            "jmeter/ramp-up-open.jmx", "docs/tests/ramp-up-open.md",
            "jmeter/footprint.jmx", "docs/tests/footprint.md",
            "jmeter/hello-steps.jmx", "docs/tests/hello-steps.md");

    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*|^//.*");
    private static final Pattern SETTING = Pattern.compile("compare\\.[a-z][A-Za-z.]*");
    private static final Pattern PLAN_KNOB = Pattern.compile("[A-Z][A-Z0-9_]*");
    /** -JNAME in a plan's opening comment ("Knobs: -JHOST -JPORT …"). */
    private static final Pattern HEADER_KNOB = Pattern.compile("-J([A-Z][A-Z0-9_]*)\\b");

    static Stream<Path> pages() throws IOException {
        try (Stream<Path> all = Files.walk(ROOT)) {
            return all
                    .filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        Path rel = ROOT.relativize(p);
                        for (Path part : rel) {
                            String s = part.toString();
                            if (s.equals("target") || s.equals("node_modules") || s.startsWith(".")) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    static Stream<Arguments> plans() {
        return PLAN_PAGES.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void everyRelativeLinkResolves(Path page) throws IOException {
        Markdown md = Markdown.read(page);
        List<String> broken = new ArrayList<>();
        for (String link : md.links()) {
            String why = broken(page, link);
            if (why != null) {
                broken.add(link + " (" + why + ")");
            }
        }
        assertTrue(broken.isEmpty(), ROOT.relativize(page) + " has broken links: " + broken);
    }

    /** Why the link does not resolve, or null when it does (or is not a relative link). */
    private static String broken(Path page, String link) throws IOException {
        if (SCHEME.matcher(link).matches()) {
            return null;
        }
        int hash = link.indexOf('#');
        String path = URLDecoder.decode(hash < 0 ? link : link.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? "" : link.substring(hash + 1);
        Path target = path.isEmpty()
                ? page
                : (path.startsWith("/")
                                ? ROOT.resolve(path.substring(1))
                                : page.getParent().resolve(path))
                        .normalize();
        if (!target.startsWith(ROOT)) {
            return "outside the repository";
        }
        if (!Files.exists(target)) {
            return "no such file";
        }
        if (!anchor.isEmpty() && target.toString().endsWith(".md")) {
            Set<String> anchors = Markdown.read(target).anchors();
            if (!anchors.contains(anchor)) {
                return "no heading with that anchor in " + ROOT.relativize(target);
            }
        }
        return null;
    }

    @ParameterizedTest(name = "{0} and {1}")
    @MethodSource("plans")
    void everyPlanPropertyIsInItsPagesKnobTableAndBack(String plan, String page) throws IOException {
        Set<String> read = Knobs.ofPlan(ROOT.resolve(plan));
        assertFalse(read.isEmpty(), plan + " reads no property");
        Set<String> documented = Markdown.read(ROOT.resolve(page)).firstColumn("property", PLAN_KNOB);
        Knobs.assertSame(plan, read, page + "'s knob table", documented);
    }

    @ParameterizedTest(name = "{0} and {1}")
    @MethodSource("plans")
    void everyPlanListsItsPropertiesInItsOpeningComment(String plan, String page) throws IOException {
        String text = Files.readString(ROOT.resolve(plan));
        int start = text.indexOf("<!--");
        String comment = text.substring(start, text.indexOf("-->", start));
        Set<String> listed = new TreeSet<>();
        Matcher m = HEADER_KNOB.matcher(comment);
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(Knobs.ofPlan(ROOT.resolve(plan)), listed, plan + "'s opening comment (Knobs: -J…)");
    }

    /** Every lower-case compare.* setting the comparison reads is in compare.md's knob table, and no other. */
    @Test
    void everyComparisonSettingIsInTheKnobTableAndBack() throws IOException {
        Set<String> read = new TreeSet<>();
        for (Setting setting : Setting.values()) {
            read.add(setting.key());
        }
        Set<String> documented = Markdown.read(ROOT.resolve("docs/compare.md")).firstColumn("property", SETTING);
        Knobs.assertSame("dev.vtlab.compare.settings.Setting", read, "docs/compare.md's knob table", documented);
    }

    /** The crossover's defaults as compare.md's knob table states them are the ones its settings apply. */
    @Test
    void theCrossoverDefaultsInTheKnobTableAreTheApplied() throws IOException {
        Map<String, String> documented =
                Markdown.read(ROOT.resolve("docs/compare.md")).defaults("property", SETTING);
        assertEquals(
                String.valueOf(Crossover.DEFAULT_SLICE_SECONDS), documented.get(Setting.CROSSOVER_SLICE_SECONDS.key()));
        assertEquals(
                String.valueOf(Crossover.DEFAULT_DISCARD_SECONDS),
                documented.get(Setting.CROSSOVER_DISCARD_SECONDS.key()));
        assertTrue(
                documented.get(Setting.CROSSOVER_BLOCKS.key()).startsWith(Crossover.MIN_DEFAULT_BLOCKS + " "),
                "compare.crossover.blocks' default starts with " + Crossover.MIN_DEFAULT_BLOCKS + " blocks");
        assertTrue(
                documented.get(Setting.WARMUP_SECONDS.key()).contains(Crossover.DEFAULT_WARMUP_CAP_SECONDS + " "),
                "compare.warmupSeconds' default names the crossover's cap, " + Crossover.DEFAULT_WARMUP_CAP_SECONDS);
    }

    @Test
    void everyPlanInJmeterHasAPage() throws IOException {
        try (Stream<Path> plans = Files.list(ROOT.resolve("jmeter"))) {
            Set<String> all = new TreeSet<>(plans.filter(p -> p.toString().endsWith(".jmx"))
                    .map(p -> "jmeter/" + p.getFileName())
                    .toList());
            assertEquals(all, new TreeSet<>(PLAN_PAGES.keySet()), "every plan in jmeter/ is mapped to its page");
        }
        PLAN_PAGES.values().forEach(page -> assertTrue(Files.isRegularFile(ROOT.resolve(page)), page));
    }
}
