package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The apps in samples/ that stand for a team's own: built as their README says, and their files fingerprinted. */
final class Samples {

    private Samples() {}

    /** Builds samples/{@code name} ({@code ./mvnw -f samples/NAME/pom.xml package}); its Liberty server directory. */
    static Path build(Path basedir, String name) throws Exception {
        Path sample = basedir.resolve("samples").resolve(name);
        Path log = basedir.resolve("target/sample-" + name + "-build.log");
        Process build = new ProcessBuilder(
                        basedir.resolve("mvnw").toString(),
                        "-B",
                        "-q",
                        "-f",
                        sample.resolve("pom.xml").toString(),
                        "package")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertTrue(build.waitFor(5, TimeUnit.MINUTES), "the sample builds within 5 minutes");
        assertEquals(0, build.exitValue(), "the sample builds; see " + log + ", which ends:\n" + tail(log));
        return sample.resolve("target/liberty/wlp/usr/servers").resolve(name);
    }

    /** The last lines of a child process's log, for a failure's message: CI keeps the message, not the file. */
    static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** SHA-256 of every file of {@code dir} but its runs' output (logs, workarea), and of {@code files}. */
    static Map<String, String> digests(Path dir, Path... files) throws Exception {
        Map<String, String> out = new TreeMap<>();
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.filter(Files::isRegularFile)
                    .filter(f -> !dir.relativize(f).startsWith("logs")
                            && !dir.relativize(f).startsWith("workarea"))
                    .toList();
        }
        for (Path f : Stream.concat(all.stream(), Stream.of(files)).toList()) {
            out.put(
                    f.toString(),
                    HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
        }
        return out;
    }
}
