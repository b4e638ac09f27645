package dev.vtlab.compare.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment's typed facts, and its entries kept in their recorded order (what a re-analysis writes back). */
class EnvironmentTest {

    @Test
    void theFactsTheLabReadsBackAreTyped() {
        Environment env = new Environment(Map.of(
                "generated_at", "2026-11-29T12:08:00Z",
                "profile", "quick",
                "server_cpus", "0,2,3",
                "user_test", "url:/items",
                "lab_version", "abc",
                "command", "./mvnw -Pcompare verify"));
        assertEquals(Instant.parse("2026-11-29T12:08:00Z"), env.generatedAt());
        assertEquals("quick", env.profile());
        assertEquals(3, env.serverCpuCount());
        assertEquals("url:/items", env.userTest());
        assertEquals("abc", env.codeVersion(), "an older record's lab version stands for its code's");
        assertEquals("./mvnw -Pcompare verify", env.command("?"));
    }

    @Test
    void anOlderRecordLackingAFactReadsAsUnknown() {
        Environment env = new Environment(Map.of());
        assertNull(env.generatedAt());
        assertEquals("", env.profile());
        assertEquals(0, env.serverCpuCount());
        assertNull(env.userTest());
        assertEquals("unknown", env.codeVersion());
        assertEquals("?", env.command("?"));
    }

    @Test
    void anEntrySetAgainKeepsItsPlaceAndANewOneComesLast() {
        Map<String, String> recorded = new LinkedHashMap<>();
        recorded.put("generated_at", "2026-11-29T12:08:00Z");
        recorded.put("keep_flagged", "false");
        recorded.put("lab_code_version", "def");
        Environment again = new Environment(recorded)
                .with(Environment.REANALYSED_AT, "2026-11-29T13:00:00Z")
                .with(Environment.KEEP_FLAGGED, "true");
        assertEquals(
                List.of("generated_at", "keep_flagged", "lab_code_version", "reanalysed_at"),
                List.copyOf(again.entries().keySet()));
        assertEquals("true", again.get(Environment.KEEP_FLAGGED, null));
        assertEquals("def", again.codeVersion());
    }
}
