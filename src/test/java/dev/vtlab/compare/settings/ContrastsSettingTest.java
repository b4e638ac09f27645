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
        assertTrue(CompareSettings.contrasts(null, MODES).isEmpty());
    }

    @Test
    void badPairsAreRefusedInOneLineNamingTheSetting() {
        assertMessage(
                "compare.contrasts: mode/reference pairs",
                "'virtual'",
                () -> CompareSettings.contrasts("virtual", MODES));
        assertMessage(
                "compare.contrasts: 'virtul' in 'virtul/threadpool' is not a mode",
                "platform-handoff",
                () -> CompareSettings.contrasts("virtul/threadpool", MODES));
        assertMessage(
                "compare.contrasts: 'virtual/pool-virtual-workers' names pool-virtual-workers",
                "not among the comparison's modes [threadpool, platform-handoff, virtual, executor-virtual]",
                () -> CompareSettings.contrasts("virtual/pool-virtual-workers", MODES));
        assertMessage(
                "compare.contrasts: 'virtual/virtual' compares a mode with itself",
                "",
                () -> CompareSettings.contrasts("virtual/virtual", MODES));
        assertMessage(
                "compare.contrasts: 'threadpool/virtual' puts the baseline over a mode",
                "virtual/threadpool",
                () -> CompareSettings.contrasts("threadpool/virtual", MODES));
        assertMessage(
                "compare.contrasts: 'platform-handoff/virtual' is named twice",
                "",
                () -> CompareSettings.contrasts("virtual/platform-handoff,platform-handoff/virtual", MODES));
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
        // neither given: no contrasts, the history in the user's home
        CompareSettings plain = CompareSettings.from(new Properties(), Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME);
        assertTrue(plain.contrasts().isEmpty());
        assertEquals(Path.of(Fixtures.HOME, ".vtlab", "history"), plain.history());
        // a contrast is checked against the modes the settings compare, with the same one line
        p.setProperty("compare.modes", "threadpool,executor-virtual");
        assertMessage(
                "compare.contrasts: 'executor-virtual/virtual' names virtual, which is not among the comparison's modes",
                "",
                () -> CompareSettings.from(p, Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME));
        p.setProperty("compare.contrasts", "executor-virtual/threadpool");
        p.setProperty("compare.history", " ");
        assertMessage(
                "compare.history: a directory, or none",
                "",
                () -> CompareSettings.from(p, Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME));
        // known keys pass the refusal of unknown ones
        p.setProperty("compare.history", "none");
        p.setProperty("compare.contrast", "executor-virtual/threadpool");
        assertMessage(
                "compare.contrast is not a setting",
                "did you mean compare.contrasts?",
                () -> CompareSettings.from(p, Path.of("/tmp/vtlab"), "0-1", Fixtures.HOME));
    }

    @Test
    void theHistoryLivesInTheHomeDirectoryUnlessToldOtherwise() {
        assertEquals(Path.of("/home/u/.vtlab/history"), CompareSettings.history(null, "/home/u"));
        assertNull(CompareSettings.history("none", "/home/u"));
        assertEquals(Path.of("/data/h"), CompareSettings.history("/data/h/", "/home/u"));
        assertMessage("compare.history: a directory, or none", "", () -> CompareSettings.history(" ", "/home/u"));
    }
}
