package dev.vtlab.compare.settings;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.dispatch.DispatchMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** compare.contrasts and compare.history: what they accept, and the one line each refusal is. */
class ContrastsSettingTest {

    private static final List<DispatchMode> MODES = List.of(
            DispatchMode.THREADPOOL,
            DispatchMode.PLATFORM_HANDOFF,
            DispatchMode.VIRTUAL,
            DispatchMode.EXECUTOR_VIRTUAL);

    @Test
    void pairsOfTheComparisonsModesInTheOrderGiven() {
        List<Contrast> c = CompareSettings.contrasts(
                "platform-handoff/threadpool, virtual/platform-handoff,executor-virtual/virtual", MODES);
        assertEquals(
                List.of(
                        new Contrast(DispatchMode.PLATFORM_HANDOFF, DispatchMode.THREADPOOL),
                        new Contrast(DispatchMode.VIRTUAL, DispatchMode.PLATFORM_HANDOFF),
                        new Contrast(DispatchMode.EXECUTOR_VIRTUAL, DispatchMode.VIRTUAL)),
                c);
        assertEquals("virtual/platform-handoff", c.get(1).label());
        assertTrue(CompareSettings.contrasts("none", MODES).isEmpty());
    }

    @Test
    void notGivenEachVirtualModeIsContrastedWithItsPlatformControlUnlessTheControlIsTheBaseline() {
        assertEquals(
                List.of(new Contrast(DispatchMode.VIRTUAL, DispatchMode.PLATFORM_HANDOFF)),
                CompareSettings.contrasts(null, MODES));
        assertEquals(
                List.of(new Contrast(DispatchMode.MANAGED_VIRTUAL, DispatchMode.MANAGED_PLATFORM)),
                CompareSettings.contrasts(
                        null,
                        List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL, DispatchMode.MANAGED_PLATFORM)));
        // managed-platform is the baseline: its ratio is the contrast already
        assertTrue(CompareSettings.contrasts(null, List.of(DispatchMode.MANAGED_PLATFORM, DispatchMode.MANAGED_VIRTUAL))
                .isEmpty());
        assertTrue(CompareSettings.contrasts(null, List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL))
                .isEmpty());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            textBlock =
                    """
            virtual                                            | compare.contrasts: mode/reference pairs                                         | 'virtual'
            virtul/threadpool                                  | compare.contrasts: 'virtul' in 'virtul/threadpool' is not a mode                | platform-handoff
            virtual/pool-virtual-workers                       | compare.contrasts: 'virtual/pool-virtual-workers' names pool-virtual-workers | not among the comparison's modes [threadpool, platform-handoff, virtual, executor-virtual]
            virtual/virtual                                    | compare.contrasts: 'virtual/virtual' compares a mode with itself              | ""
            threadpool/virtual                                 | compare.contrasts: 'threadpool/virtual' puts the baseline over a mode         | virtual/threadpool
            virtual/platform-handoff,platform-handoff/virtual | compare.contrasts: 'platform-handoff/virtual' is named twice                   | ""
            """)
    void badPairsAreRefusedInOneLineNamingTheSetting(String contrasts, String start, String contains) {
        assertMessage(start, contains, () -> CompareSettings.contrasts(contrasts, MODES));
    }

    @Test
    void theSettingsParseBothKeysWithTheOtherKeys() {
        Properties p = new Properties();
        p.setProperty("compare.modes", "threadpool,virtual,executor-virtual");
        p.setProperty("compare.contrasts", "executor-virtual/virtual");
        p.setProperty("compare.history", "none");
        CompareSettings s = CompareSettings.from(p, Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME);
        assertEquals(List.of(new Contrast(DispatchMode.EXECUTOR_VIRTUAL, DispatchMode.VIRTUAL)), s.contrasts());
        assertNull(s.history());
        // neither given: no contrasts (the default modes have no control), the history in the user's home
        CompareSettings plain = CompareSettings.from(new Properties(), Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME);
        assertTrue(plain.contrasts().isEmpty());
        assertEquals(Path.of(Fixtures.HOME, ".vtlab", "history"), plain.history());
    }

    /**
     * Through the settings, the same one line: a contrast checked against the modes they compare, a blank history,
     * and a known key's near miss (known keys pass the refusal of unknown ones).
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            textBlock =
                    """
            executor-virtual/virtual    | none | compare.contrasts | compare.contrasts: 'executor-virtual/virtual' names virtual, which is not among the comparison's modes | ""
            executor-virtual/threadpool | " "  | compare.contrasts | compare.history: a directory, or none                                                               | ""
            executor-virtual/threadpool | none | compare.contrast  | compare.contrast is not a setting                                                                   | did you mean compare.contrasts?
            """)
    void theSettingsRefuseInTheSameOneLine(
            String contrasts, String history, String contrastsKey, String start, String contains) {
        Properties p = new Properties();
        p.setProperty("compare.modes", "threadpool,executor-virtual");
        p.setProperty("compare.contrasts", "executor-virtual/threadpool");
        p.setProperty(contrastsKey, contrasts);
        p.setProperty("compare.history", history);
        assertMessage(start, contains, () -> CompareSettings.from(p, Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME));
    }

    @Test
    void theHistoryLivesInTheHomeDirectoryUnlessToldOtherwise() {
        assertEquals(Path.of("/home/u/.vtlab/history"), CompareSettings.history(null, "/home/u"));
        assertNull(CompareSettings.history("none", "/home/u"));
        assertEquals(Path.of("/data/h"), CompareSettings.history("/data/h/", "/home/u"));
        assertMessage("compare.history: a directory, or none", "", () -> CompareSettings.history(" ", "/home/u"));
    }
}
