package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * /dashboard in a real headless Chromium (driven over the DevTools protocol) against a running server under load: the page loads its
 * chart library from the war, polls /metrics and draws every chart with data. The page writes what
 * it drew onto each canvas (data-points, data-values, data-max), which is what is checked here. Every mode at once,
 * each its own server and browser: most of a case is waiting for the page's scrapes, every 2 s.
 */
class DashboardIT {

    private static final List<String> CHARTS =
            List.of("rps", "latency", "threads", "carriers", "cpu", "memory", "inflight");
    private static final Pattern CANVAS = Pattern.compile(
            "<canvas data-chart=\"([a-z]+)\"[^>]*?data-points=\"(\\d+)\" data-values=\"(\\d+)\" data-max=\"([0-9.e+-]+)\"");

    /** Each load call's wait at the remote: long enough that the load costs little CPU, short next to a scrape. */
    private static final int DELAY_MS = 200;

    /** A hang, not a slow page: seven browsers, servers and loads on two CPUs spaced the scrapes 6-10 s apart. */
    private static final int STALL_S = 90;

    static List<Lab> modes() {
        return Lab.modes().toList();
    }

    @ParameterizedTest
    @MethodSource("modes")
    @Execution(ExecutionMode.CONCURRENT)
    void chartsRenderWithLiveData(Lab lab) throws Exception {
        Path chromium = HeadlessChromium.find();
        HttpResponse<String> page = Lab.get(lab.app("/dashboard/"));
        assertEquals(200, page.statusCode());
        assertFalse(
                page.body().matches("(?s).*src=\"https?://.*"), "no script from the network: the page works offline");
        assertEquals(
                200,
                Lab.get(lab.app("/webjars/chart.js/4.4.7/dist/chart.umd.js")).statusCode(),
                "Chart.js comes from the war");

        AtomicBoolean loading = new AtomicBoolean(true);
        String dom;
        try (ExecutorService load = Executors.newVirtualThreadPerTaskExecutor()) {
            // Requests kept in flight rather than as many as the CPUs allow: with 7 servers and 7 browsers on 2 CPUs,
            // a closed loop of 5-ms calls starved the browsers, and a case took 55 s for 8 s of scrapes.
            for (int i = 0; i < 4; i++) {
                load.submit(() -> {
                    while (loading.get()) {
                        Lab.get(lab.app("/api/bank/accounts/2?delayMs=" + DELAY_MS));
                        Lab.get(lab.app("/api/ping"));
                    }
                    return null;
                });
            }
            try {
                dom = dumpDom(chromium, lab.app("/dashboard/").toString());
            } finally {
                loading.set(false);
            }
        }
        assertTrue(dom.contains("data-mode=\"" + lab.mode + "\""), "the mode badge shows " + lab.mode);
        for (String chart : CHARTS) {
            Matcher m = CANVAS.matcher(dom);
            boolean found = false;
            while (m.find()) {
                if (m.group(1).equals(chart)) {
                    found = true;
                    assertTrue(Integer.parseInt(m.group(2)) >= 2, chart + " has " + m.group(2) + " points");
                    assertTrue(Integer.parseInt(m.group(3)) >= 1, chart + " has no values");
                    if (!chart.equals("carriers") || lab.dispatch.runsOnVirtualThread()) {
                        assertTrue(Double.parseDouble(m.group(4)) > 0, chart + " drew only zeros");
                    }
                }
            }
            assertTrue(found, "no drawn canvas for " + chart + " in:\n" + dom);
        }
    }

    /**
     * The page once it has scraped /metrics four times (every 2 s), as HTML. Seven browsers and servers share two CPUs,
     * so the bounds only tell a stalled page from a slow one: it fails when no scrape lands for {@link #STALL_S} s.
     */
    private static String dumpDom(Path chromium, String url) throws Exception {
        long start = System.nanoTime();
        try (HeadlessChromium browser = HeadlessChromium.open(chromium, url)) {
            List<String> progress = new ArrayList<>();
            progress.add(String.format("browser open %.1f s", seconds(start)));
            long lastChange = System.nanoTime();
            int scrapes = 0;
            while (scrapes < 4 && System.nanoTime() - lastChange < STALL_S * 1_000_000_000L) {
                Thread.sleep(500);
                JsonValue value = browser.evaluate("document.body.dataset.scrapes || '0'");
                int now = value instanceof JsonString s ? Integer.parseInt(s.getString()) : 0;
                if (now != scrapes) {
                    scrapes = now;
                    lastChange = System.nanoTime();
                    progress.add(String.format("scrape %d at %.1f s", now, seconds(start)));
                }
            }
            System.out.println("[dashboard] " + url + ": " + String.join(", ", progress));
            assertTrue(
                    scrapes >= 4,
                    "the page stopped at " + scrapes + " scrapes of /metrics, none for " + STALL_S + " s ("
                            + String.join(", ", progress) + "): "
                            + browser.evaluate("document.getElementById('status').textContent")
                            + "\nchromium's log:\n" + browser.logTail());
            return ((JsonString) browser.evaluate("document.documentElement.outerHTML")).getString();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
