package dev.vtlab.compare.run;

import dev.vtlab.dispatch.DispatchMode;
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
 * (their message codes), and the mode's vtlab feature among those installed (CWWKF0012I); and, for every server the
 * lab starts, whether Liberty ignored a {@code virtual="true"} ({@link #checkVirtualHonoured}).
 */
final class ServerLog {

    /** Applications that did not start, features that did not resolve or conflict, a server that failed to start. */
    private static final Pattern FATAL =
            Pattern.compile("\\b(CWWKZ000[2-9]E|CWWKZ001[0-9]E|CWWKF00[0-9]{2}E|CWWKE0005E)\\b.*");

    private static final Pattern USER_FEATURE = Pattern.compile("<feature>\\s*usr:([^<\\s]+)\\s*</feature>");
    /** A Liberty error message: severity E and a message code ending in E (e.g. SRVE0276E, a servlet that failed to initialise). */
    private static final Pattern ERROR = Pattern.compile("\\sE\\s+([A-Z]{3,5}[0-9]{4}E:.*)");

    /**
     * Liberty's messages for a {@code virtual="true"} it does not honour, its threads then platform threads:
     * CWWKC1217I for an application's definition (an annotation or deployment descriptor element) on a Java without
     * virtual threads (Java 17), CWWKE1208I for a server.xml concurrency policy and CWWKC1108I for a managed thread
     * factory where the server has virtual thread creation disabled.
     */
    private static final Pattern VIRTUAL_IGNORED = Pattern.compile("\\b(CWWKC1217I|CWWKE1208I|CWWKC1108I):.*");

    private ServerLog() {}

    /**
     * The first line of {@code lines} in which Liberty says it ignored a {@code virtual="true"}, from its message code
     * on; empty when it said none.
     */
    static Optional<String> virtualIgnored(List<String> lines) {
        return lines.stream()
                .map(VIRTUAL_IGNORED::matcher)
                .filter(Matcher::find)
                .map(Matcher::group)
                .findFirst();
    }

    /**
     * After a server has started in {@code mode}: where Liberty logged that it ignored a {@code virtual="true"}, the
     * managed-virtual mode (whose executors, the lab's or the user's flipped ones, must run on virtual threads) is
     * refused with one line, as it would measure platform threads under its name; in the other modes, which do not
     * rely on it, the line is returned to be shown (a user's own executor that runs on platform threads there).
     */
    static Optional<String> checkVirtualHonoured(Path messages, DispatchMode mode) throws IOException {
        Optional<String> ignored = virtualIgnored(Files.exists(messages) ? Files.readAllLines(messages) : List.of());
        if (ignored.isPresent() && mode.managedExecutor() && mode.runsOnVirtualThread()) {
            throw new Stopped("DISPATCH_MODE=" + mode.label() + ": Liberty ignored virtual=\"true\", so the managed"
                    + " executors would run on platform threads: " + ignored.get() + " (run the server on Java 21 or"
                    + " later, with virtual thread creation enabled; see " + messages + ")");
        }
        return ignored.map(line -> "Liberty ignored a virtual=\"true\" of your server in " + mode.label() + ", whose"
                + " threads there are platform threads: " + line + " (see " + messages + ")");
    }

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
