package dev.vtlab.compare.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's server as its messages.log tells it (a user's app has no health endpoint the lab can count
 * on): ready (CWWKF0011I), an application that failed to start or a feature Liberty could not resolve
 * (their message codes), and the mode's vtlab feature among those installed (CWWKF0012I).
 */
final class ServerLog {

    /** Applications that did not start, features that did not resolve or conflict, a server that failed to start. */
    private static final Pattern FATAL =
            Pattern.compile("\\b(CWWKZ000[2-9]E|CWWKZ001[0-9]E|CWWKF00[0-9]{2}E|CWWKE0005E)\\b.*");

    private static final Pattern USER_FEATURE = Pattern.compile("<feature>\\s*usr:([^<\\s]+)\\s*</feature>");
    /** A Liberty error message: severity E and a message code ending in E (e.g. SRVE0276E, a servlet that failed to initialise). */
    private static final Pattern ERROR = Pattern.compile("\\sE\\s+([A-Z]{3,5}[0-9]{4}E:.*)");

    private ServerLog() {}

    /**
     * Waits until the server says it is ready, then checks that an application started and that the
     * mode's user feature (from {@code modeFile}, when the mode has one) is installed; one clear line
     * naming the log otherwise. Returns the other errors the server logged while starting (a servlet that
     * failed to initialise, say), which do not stop the run but explain its failed requests.
     */
    static List<String> awaitStarted(Path messages, Duration timeout, Path modeFile)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = Files.exists(messages) ? Files.readAllLines(messages) : List.of();
            Optional<String> fatal = lines.stream()
                    .map(FATAL::matcher)
                    .filter(Matcher::find)
                    .map(Matcher::group)
                    .findFirst();
            if (fatal.isPresent()) {
                throw new Stopped("your app did not start: " + fatal.get() + " (see " + messages + ")");
            }
            if (lines.stream().anyMatch(l -> l.contains("CWWKF0011I"))) {
                break;
            }
            Thread.sleep(200);
        }
        if (lines.stream().noneMatch(l -> l.contains("CWWKF0011I"))) {
            throw new Stopped("your server did not say it was ready (CWWKF0011I) within " + timeout.toSeconds()
                    + " s; see " + messages);
        }
        if (lines.stream().noneMatch(l -> l.contains("CWWKZ0001I") || l.contains("CWWKZ0003I"))) {
            throw new Stopped("your server started but no application did (no CWWKZ0001I); see " + messages);
        }
        String installed =
                lines.stream().filter(l -> l.contains("CWWKF0012I")).findFirst().orElse("");
        for (String feature : userFeatures(modeFile)) {
            if (!installed.toLowerCase(Locale.ROOT).contains(feature.toLowerCase(Locale.ROOT))) {
                throw new Stopped(
                        "the mode's Liberty feature " + feature + " is not active in your server (./mvnw package "
                                + "builds vtlab's user features into the lab's Liberty); see " + messages);
            }
        }
        return lines.stream()
                .map(ERROR::matcher)
                .filter(Matcher::find)
                .map(m -> m.group(1))
                .toList();
    }

    private static List<String> userFeatures(Path modeFile) throws IOException {
        List<String> names = new ArrayList<>();
        if (Files.exists(modeFile)) {
            Matcher m = USER_FEATURE.matcher(Files.readString(modeFile));
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }
}
