package com.example.reports;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;

/**
 * GET /reports/report?waitMs=0..1000: a report that waits waitMs for its data (a slow backend, simulated) and then
 * sums a little, on the managed executor concurrent/reports; the request's thread returns at once (an asynchronous
 * servlet). The answer says which thread made the report and whether it was virtual.
 */
@WebServlet(urlPatterns = "/report", asyncSupported = true)
public class ReportServlet extends HttpServlet {

    static final int MAX_WAIT_MS = 1000;

    @Resource(lookup = "concurrent/reports")
    private ManagedExecutorService reports;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Integer waitMs = parse(req.getParameter("waitMs"));
        if (waitMs == null) {
            answer(resp, 400, "{\"error\":\"waitMs must be a whole number from 0 to " + MAX_WAIT_MS + "\"}");
            return;
        }
        AsyncContext async = req.startAsync();
        try {
            reports.execute(() -> {
                try {
                    answer((HttpServletResponse) async.getResponse(), 200, report(waitMs));
                } catch (IOException | InterruptedException e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                } finally {
                    async.complete();
                }
            });
        } catch (RejectedExecutionException full) {
            answer(resp, 503, "{\"error\":\"the report executor is full; retry later\"}");
            async.complete();
        }
    }

    private static String report(int waitMs) throws InterruptedException {
        Thread.sleep(waitMs);
        long sum = 0;
        for (int i = 0; i < 20_000; i++) {
            sum += (long) i * i % 7;
        }
        Thread t = Thread.currentThread();
        return "{\"sum\":" + sum + ",\"thread\":\"" + t.getName().replace("\"", "'") + "\",\"virtual\":" + t.isVirtual()
                + "}";
    }

    private static void answer(HttpServletResponse resp, int status, String json) throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.getWriter().write(json);
    }

    private static Integer parse(String value) {
        if (value == null) {
            return 0;
        }
        try {
            int n = Integer.parseInt(value.trim());
            return n >= 0 && n <= MAX_WAIT_MS ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
