package dev.vtlab.compare.run;

import dev.vtlab.compare.preflight.ExecutorFlip;
import dev.vtlab.compare.preflight.UserApp;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The server directories a comparison runs in, laid out afresh when it starts: per mode, a copy of the server the
 * build created (the lab's) or of the user's server (or a generated one around their archive) with the lab's
 * overrides. The user's files are only read. Only what the lab creates, inside the Liberty the build laid out, is
 * ever deleted.
 */
public final class ServerLayout {

    /** The file the comparison adds to a user's server; its name says whose it is. */
    static final String OVERRIDES = "vtlab-compare.xml";
    /** What a copy leaves out: output of the user's own runs. */
    private static final Set<String> NOT_COPIED = Set.of("logs", "workarea", "tranlog", "messaging");

    private ServerLayout() {}

    /** The server directory of a mode: {@code vtlab-compare-threadpool}. */
    public static String serverFor(CompareSettings settings, DispatchMode mode) {
        return settings.server() + "-" + mode.label();
    }

    /** Lays out each mode's server directory afresh, so its first start is clean. */
    public static void prepare(CompareSettings settings, UserApp app, int port) throws IOException {
        Path servers = settings.layout().wlp().resolve("usr/servers");
        for (DispatchMode mode : settings.modes()) {
            String name = serverFor(settings, mode);
            if (app != null) {
                userApp(
                        app,
                        settings.layout().wlp(),
                        name,
                        mode,
                        settings.serverHost(),
                        port,
                        settings.layout().modesDir());
            } else {
                deleteTree(servers.resolve(name), servers);
                copyTree(servers.resolve(settings.server()), servers.resolve(name));
                Path overrides = servers.resolve(name).resolve("configDropins/overrides");
                Files.createDirectories(overrides);
                Files.writeString(overrides.resolve(OVERRIDES), LAB_OVERRIDES);
            }
        }
    }

    /**
     * What monitor-1.0 collects on a copy of a user's server: the pool's statistics, all the comparison reads. Its other
     * meters keep an entry per thread that served a request, a cost that falls on a thread per request
     * (docs/metrics.md).
     */
    static final String USER_MONITOR_FILTER = "ThreadPool";

    /** What a comparison adds to its copy of the lab's own server. */
    static final String LAB_OVERRIDES = overrides("its copy of the lab's server", List.of(), "");

    /**
     * What a comparison adds to every server it runs, in {@code whose} copy, with the {@code features} and
     * {@code elements} of that kind of server. The sampler reads the server's figures over JMX: any scrape of
     * /metrics, even of one scope or one figure by name, collects every figure, Liberty's servlet statistics
     * included, whose read walks an entry per thread that ever served a request (with a thread per request, about
     * 10 % of executor-virtual's CPU on ping: docs/notebook.md §3). And nothing polls server.xml or the application's
     * files (every 500 ms, a walk of every file: 2-5 % of a busy 1-CPU server's samples); liberty:dev keeps its
     * polling.
     */
    private static String overrides(String whose, List<String> features, String elements) {
        StringBuilder featureLines = new StringBuilder();
        Stream.concat(features.stream(), Stream.of("localConnector-1.0"))
                .forEach(f -> featureLines.append("        <feature>").append(f).append("</feature>\n"));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Added by vtlab's comparison to %s, never to your files: figures over a local JMX connector,
                     and no polling for changes during a run. -->
                <server>
                    <featureManager>
                %s    </featureManager>
                    <config updateTrigger="mbean"/>
                    <applicationMonitor updateTrigger="mbean"/>
                %s</server>
                """
                .formatted(whose, featureLines, elements);
    }

    /**
     * Lays out the comparison's server {@code server} in {@code wlp} afresh for one run in {@code mode}: a copy
     * of the app's server (or a generated one around the archive) plus the lab's overrides.
     */
    static void userApp(UserApp app, Path wlp, String server, DispatchMode mode, String host, int port, Path modesDir)
            throws IOException {
        Path dir = wlp.resolve("usr/servers").resolve(server);
        deleteTree(dir, wlp.resolve("usr/servers"));
        Files.createDirectories(dir);
        if (app.kind() == UserApp.Kind.SERVER_DIR) {
            copyTree(app.source(), dir);
        } else {
            Files.createDirectories(dir.resolve("apps"));
            Files.copy(app.source(), dir.resolve("apps").resolve(app.source().getFileName()));
            String element = app.kind() == UserApp.Kind.WAR ? "webApplication" : "enterpriseApplication";
            StringBuilder xml = new StringBuilder(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + "<!-- generated by vtlab's comparison around "
                            + app.source().getFileName() + " -->\n<server>\n    <featureManager>\n");
            app.features()
                    .forEach(f -> xml.append("        <feature>").append(f).append("</feature>\n"));
            xml.append("    </featureManager>\n    <")
                    .append(element)
                    .append(" location=\"")
                    .append(app.source().getFileName())
                    .append("\"/>\n</server>\n");
            Files.writeString(dir.resolve("server.xml"), xml);
        }
        Path overrides = dir.resolve("configDropins/overrides");
        Files.createDirectories(overrides);
        Files.writeString(
                overrides.resolve(OVERRIDES),
                overrides(
                        "a copy of your server",
                        // Liberty's pool statistics; the port the comparison drives
                        List.of("monitor-1.0"),
                        (app.monitorsItself() ? "" : "    <monitor filter=\"" + USER_MONITOR_FILTER + "\"/>\n")
                                + "    <httpEndpoint id=\"defaultHttpEndpoint\" host=\"%s\" httpPort=\"%d\"/>\n"
                                        .formatted(host, port)));
        Path modeFile = modesDir.resolve(mode.label() + ".xml");
        if (mode.managedExecutor()) {
            // not the lab's executor: the user's own, as compare.virtualExecutors names them
            Files.writeString(
                    overrides.resolve("vtlab-mode-" + mode.label() + ".xml"),
                    ExecutorFlip.overrides(app.flips(), mode.runsOnVirtualThread()));
        } else if (Files.exists(modeFile)) {
            // the same file the lab's own server includes for this mode: one source for what a mode enables
            Files.copy(modeFile, overrides.resolve("vtlab-mode-" + mode.label() + ".xml"));
        }
    }

    /** Copies a server directory, without the output of its runs (logs, workarea, ...). */
    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                Path rel = from.relativize(d);
                if (rel.getNameCount() == 1 && NOT_COPIED.contains(rel.toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(rel.toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Deletes a server directory the lab made; anything outside the lab's Liberty's servers is refused. */
    static void deleteTree(Path dir, Path servers) throws IOException {
        if (!dir.toAbsolutePath()
                        .normalize()
                        .startsWith(servers.toAbsolutePath().normalize())
                || dir.toAbsolutePath()
                        .normalize()
                        .equals(servers.toAbsolutePath().normalize())) {
            throw new IllegalStateException("the lab deletes only its own server directories, not " + dir);
        }
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
