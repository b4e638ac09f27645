package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of a server's /metrics, in Prometheus text format. */
record Metrics(String text) {

    static Metrics of(Lab lab) {
        return of(lab.app("/metrics"));
    }

    static Metrics of(URI metrics) {
        HttpResponse<String> response = Lab.get(metrics);
        assertEquals(200, response.statusCode(), "/metrics answered " + response.statusCode());
        return new Metrics(response.body());
    }

    /** Whether any sample line is named exactly {@code name}. */
    boolean has(String name) {
        return value(name, "").isPresent();
    }

    /** The first sample named {@code name} whose labels contain {@code labelPart}. */
    OptionalDouble value(String name, String labelPart) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*})?\\s+(\\S+)")
                .matcher(text);
        while (m.find()) {
            if (m.group(1) == null ? labelPart.isEmpty() : m.group(1).contains(labelPart)) {
                return OptionalDouble.of(Double.parseDouble(m.group(2)));
            }
        }
        return OptionalDouble.empty();
    }

    double get(String name) {
        return value(name, "").orElseThrow(() -> new AssertionError(name + " is not on /metrics"));
    }

    /** Polls /metrics until the value of {@code name} with {@code labels} meets the condition (at most 10 s). */
    static void await(Lab lab, String name, String labels, DoublePredicate condition) throws InterruptedException {
        await(lab.app("/metrics"), name, labels, condition);
    }

    /** As {@link #await(Lab, String, String, DoublePredicate)}, for the /metrics at {@code metrics}. */
    static void await(URI metrics, String name, String labels, DoublePredicate condition) throws InterruptedException {
        double last = Double.NaN;
        for (long deadline = System.nanoTime() + 10_000_000_000L; System.nanoTime() < deadline; Thread.sleep(100)) {
            last = Metrics.of(metrics).value(name, labels).orElse(Double.NaN);
            if (condition.test(last)) {
                return;
            }
        }
        throw new AssertionError(name + labels + " did not get there within 10 s; last " + last);
    }
}
