package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlameGraphsTest {

    /** Every address in the page, in an attribute or a CSS url(). */
    private static final Pattern ADDRESS =
            Pattern.compile("(?:src|href|action)\\s*=\\s*['\"]?([^'\" >]+)|url\\(([^)]*)\\)");

    /** The page loads nothing: no script, style or image from elsewhere; its one address is a link. */
    private static void assertSelfContained(String html) {
        Matcher m = ADDRESS.matcher(html);
        while (m.find()) {
            assertEquals("https://github.com/async-profiler/async-profiler", m.group(1), m.group());
            assertTrue(html.substring(Math.max(0, m.start() - 3), m.start()).contains("<a "), m.group());
        }
        for (String loader : List.of("<link", "<iframe", "<img", "fetch(", "XMLHttpRequest", "import(", "@import")) {
            assertFalse(html.contains(loader), loader);
        }
    }

    @Test
    void aRecordingsWindowAsOneSelfContainedPage(@TempDir Path dir) throws IOException {
        Recordings ev = Recordings.unpack(Recordings.EXECUTOR_VIRTUAL, dir);
        Path html = dir.resolve("flame/executor-virtual.html");
        FlameGraphs.write(ev.jfr(), ev.window(), "executor-virtual: CPU", html);
        String page = Files.readString(html);
        assertTrue(page.contains("executor-virtual: CPU"));
        // dotted class names (the page keeps each name as the rest after the previous one's common prefix)
        assertTrue(page.contains("dev.vtlab.banking"));
        assertTrue(page.contains("VirtualThread"));
        assertSelfContained(page);
    }

    @Test
    void aDifferentialPageAgainstTheBaseline(@TempDir Path dir) throws IOException {
        Recordings tp = Recordings.unpack(Recordings.THREADPOOL, dir);
        Recordings ev = Recordings.unpack(Recordings.EXECUTOR_VIRTUAL, dir);
        Path plain = dir.resolve("ev.html");
        Path diff = dir.resolve("diff.html");
        FlameGraphs.write(ev.jfr(), ev.window(), "executor-virtual vs threadpool", plain);
        FlameGraphs.diff(tp.jfr(), tp.window(), ev.jfr(), ev.window(), "executor-virtual vs threadpool", diff);
        String page = Files.readString(diff);
        assertTrue(page.contains("executor-virtual vs threadpool"));
        // the shape is executor-virtual's: its virtual threads' frames, which the pool's run never had
        assertTrue(page.contains("VirtualThread"));
        assertNotEquals(Files.readString(plain), page);
        assertSelfContained(page);
    }
}
