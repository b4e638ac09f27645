package dev.vtlab.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Knobs: names a program or plan reads, and the names a page's table documents. {@link #assertSame} is the whole
 * check, whatever the source of each side: a plan's {@code __P} properties here; the comparison's {@code compare.*}
 * settings once they are listed in one place (the same call with that list and docs/compare.md's table).
 */
final class Knobs {

    /** {@code ${__P(NAME)}}, {@code ${__P(NAME,default)}}, {@code ${__property(NAME,…)}}, also nested in __jexl3. */
    private static final Pattern PLAN_PROPERTY =
            Pattern.compile("\\$\\{__(?:P|property)\\(\\s*([A-Za-z_][A-Za-z0-9_.]*)");

    /** Properties JMeter sets itself (a plan reads them, nobody passes them). */
    static final Set<String> JMETER_OWN = Set.of("TESTSTART.MS", "START.MS", "START.YMD", "START.HMS");

    private Knobs() {}

    /** The properties a JMeter plan reads, JMeter's own left out. */
    static Set<String> ofPlan(Path plan) throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher m = PLAN_PROPERTY.matcher(Files.readString(plan));
        while (m.find()) {
            if (!JMETER_OWN.contains(m.group(1))) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** Every knob the source reads is documented, and every documented one is read. */
    static void assertSame(String source, Set<String> read, String page, Set<String> documented) {
        Set<String> undocumented = new TreeSet<>(read);
        undocumented.removeAll(documented);
        Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(read);
        assertTrue(
                undocumented.isEmpty() && unknown.isEmpty(),
                source + " and " + page + " disagree: read but not documented " + undocumented
                        + ", documented but not read " + unknown);
    }
}
