package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.vtlab.compare.Fixtures;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EntryTest {

    private static final Path BASE = Path.of("/home/me/vtlab");

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void withoutAnEntrySettingItRunsAComparison() {
        Entry e = Entry.from(props("compare.profile", "quick"), BASE, Fixtures.HOME);
        assertEquals(BASE, assertInstanceOf(Entry.Measure.class, e).basedir());
    }

    @Test
    void aReanalysisReadsItsDirectoryAgainstTheRoot() {
        Entry.Reanalyse r = assertInstanceOf(
                Entry.Reanalyse.class,
                Entry.from(props("compare.reanalyse", "target/a", "compare.keepFlagged", "true"), BASE, Fixtures.HOME));
        assertEquals(BASE.resolve("target/a"), r.out());
        assertEquals(Boolean.TRUE, r.keepFlagged());
        assertEquals(null, r.contrasts());
    }

    @Test
    void twoEntriesAreRefusedWithOneLineNamingBoth() {
        Fixtures.assertMessage(
                "compare.join reads finished comparisons' summaries",
                "compare.reanalyse",
                () -> Entry.from(props("compare.join", "a,b", "compare.reanalyse", "c"), BASE, Fixtures.HOME));
        Fixtures.assertMessage(
                "compare.studyFrom and compare.reanalyse",
                "give one",
                () -> Entry.from(props("compare.studyFrom", "a", "compare.reanalyse", "c"), BASE, Fixtures.HOME));
    }
}
