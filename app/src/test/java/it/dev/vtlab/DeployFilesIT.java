package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The container image and Kubernetes manifests are not built or applied here (no container engine),
 * so this keeps them from rotting silently: after `package`, everything the Dockerfile copies exists,
 * and the manifests name only settings the app reads.
 */
class DeployFilesIT {

    @Test
    void everythingTheDockerfileCopiesExistsAfterPackage() throws IOException {
        assumeFalse(Lab.DEV_MODE, "checks what 'package' built; liberty:dev packages nothing");
        String dockerfile = Files.readString(Lab.ROOT.resolve("Dockerfile"));
        assertTrue(
                dockerfile.lines().anyMatch(l -> l.startsWith("FROM icr.io/appcafe/open-liberty:")),
                "based on the official image");
        Matcher copy =
                Pattern.compile("(?m)^COPY (?:--chown=\\S+ )?(\\S+) (\\S+)$").matcher(dockerfile);
        int copies = 0;
        while (copy.find()) {
            copies++;
            assertTrue(
                    Files.exists(Lab.ROOT.resolve(copy.group(1))),
                    copy.group(1) + " (copied by the Dockerfile) does not exist");
        }
        assertEquals(
                8,
                copies,
                "server.xml, jvm.options, the modes, the Jakarta EE platform, vtlab's user features, the war, the remote"
                        + " system's classes and the limits it shares");
        assertTrue(
                Files.exists(Lab.LAYOUT.wlp().resolve("usr/extension/lib/features/vtlabExecutorVirtual-1.0.mf")),
                "the image carries the executor-virtual feature that package built");
    }

    @Test
    void theManifestsSetOnlySettingsTheAppReads() throws IOException {
        String sources;
        // the app's, the remote system's and what they share
        try (var files = Stream.of("app", "remote-system", "contract")
                .flatMap(m -> walk(Lab.ROOT.resolve(m).resolve("src/main/java")))) {
            sources = String.join(
                    "\n",
                    files.filter(f -> f.toString().endsWith(".java"))
                            .map(DeployFilesIT::read)
                            .toList());
        }
        for (String manifest : List.of("deploy/k8s/servers.yaml", "deploy/k8s/remote.yaml")) {
            Matcher env =
                    Pattern.compile("name: ([A-Z_]+), value").matcher(Files.readString(Lab.ROOT.resolve(manifest)));
            while (env.find()) {
                assertTrue(
                        sources.contains("\"" + env.group(1) + "\""),
                        manifest + " sets " + env.group(1) + ", which the app never reads");
            }
        }
        assertTrue(sources.contains("class RemoteSystem"), "the remote system the manifests start");
    }

    private static Stream<Path> walk(Path dir) {
        try {
            return Files.walk(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
