package dev.vtlab.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class ProcessStatusTest {

    private static final String STATUS = "Name:\tjava\nState:\tS (sleeping)\nVmRSS:\t  204800 kB\nThreads:\t57\n";

    @Test
    void readsRssThreadsAndCpuTicks() {
        // a name with a space and a ')' in it: the fields are counted after the last ')'
        String stat = "4242 (ws (x) server) S 1 4242 4242 0 -1 4194560 100 0 0 0 1500 250 0 0 20 0 57 0 100 0 0\n";
        ProcessStatus status = ProcessStatus.parse(STATUS, stat);
        assertEquals(new ProcessStatus(204_800L * 1024, 57, 1750), status);
        assertEquals(17.5, status.cpuSeconds());
    }

    @Test
    void refusesAStatusWithoutTheFigures() {
        assertThrows(
                IllegalStateException.class,
                () -> ProcessStatus.parse("Name:\tjava\n", "1 (java) S 1 1 1 0 -1 0 0 0 0 0 1 1"));
    }

    @Test
    void readsThisProcessAndAnother() throws Exception {
        long self = ProcessHandle.current().pid();
        assumeTrue(ProcessStatus.readable(self), "Linux only");
        ProcessStatus mine = ProcessStatus.self();
        assertTrue(mine.rssBytes() > 0 && mine.threads() > 1 && mine.cpuTicks() > 0, mine.toString());
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            assertTrue(ProcessStatus.of(sleeper.pid()).threads() >= 1);
        } finally {
            sleeper.destroy();
            sleeper.waitFor();
        }
        assertFalse(ProcessStatus.readable(sleeper.pid()), "gone once reaped");
    }
}
