package dev.vtlab.compare.run;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static dev.vtlab.compare.Fixtures.war;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.preflight.UserApp;
import dev.vtlab.dispatch.DispatchMode;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

/** A user's app, plan and server log: every bad input is one clear line naming the setting. */
class ServerLayoutTest {

    private static final Path PROJECT = Fixtures.ROOT;

    @TempDir
    Path tmp;

    @Test
    void eachRunGetsAFreshCopyWithTheLabsOverridesAndTheModesFeature() throws Exception {
        Path user = Files.createDirectories(tmp.resolve("myserver"));
        Files.writeString(
                user.resolve("server.xml"),
                "<server><featureManager><feature>servlet-6.0</feature></featureManager></server>");
        Files.createDirectories(user.resolve("logs"));
        Files.writeString(user.resolve("logs/messages.log"), "old run");
        Files.createDirectories(user.resolve("apps"));
        Files.writeString(user.resolve("apps/x.txt"), "app");
        Path wlp = tmp.resolve("wlp");
        UserApp app = new UserApp(user, UserApp.Kind.SERVER_DIR, List.of());
        ServerLayout.userApp(
                app,
                wlp,
                "s",
                DispatchMode.EXECUTOR_VIRTUAL,
                "127.0.0.2",
                19999,
                PROJECT.resolve("app/server-config/modes"));
        Path dir = wlp.resolve("usr/servers/s");
        assertEquals("app", Files.readString(dir.resolve("apps/x.txt")));
        assertFalse(Files.exists(dir.resolve("logs/messages.log")), "the user's old logs are not copied");
        String overrides = Files.readString(dir.resolve("configDropins/overrides/" + ServerLayout.OVERRIDES));
        assertTrue(
                overrides.contains("host=\"127.0.0.2\" httpPort=\"19999\""), "the host and port the comparison drives");
        assertTrue(
                overrides.contains("<feature>monitor-1.0</feature>")
                        && overrides.contains("<feature>localConnector-1.0</feature>"),
                "the pool's statistics over JMX: " + overrides);
        assertTrue(
                overrides.contains("<config updateTrigger=\"mbean\"/>")
                        && overrides.contains("<applicationMonitor updateTrigger=\"mbean\"/>"),
                "no polling during a run: " + overrides);
        DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new InputSource(new StringReader(overrides))); // well-formed
        assertTrue(Files.readString(dir.resolve("configDropins/overrides/vtlab-mode-executor-virtual.xml"))
                .contains("usr:vtlabExecutorVirtual-1.0"));
        ServerLayout.userApp(
                app, wlp, "s", DispatchMode.THREADPOOL, "localhost", 19999, PROJECT.resolve("app/server-config/modes"));
        assertFalse(
                Files.exists(dir.resolve("configDropins/overrides/vtlab-mode-executor-virtual.xml")),
                "a fresh copy per run");

        UserApp bare = new UserApp(war(tmp.resolve("shop.war")), UserApp.Kind.WAR, List.of("servlet-6.0", "jdbc-4.3"));
        ServerLayout.userApp(
                bare,
                wlp,
                "w",
                DispatchMode.THREADPOOL,
                "localhost",
                19999,
                PROJECT.resolve("app/server-config/modes"));
        String xml = Files.readString(wlp.resolve("usr/servers/w/server.xml"));
        assertTrue(
                xml.contains("<feature>jdbc-4.3</feature>") && xml.contains("<webApplication location=\"shop.war\"/>"),
                xml);
        assertTrue(Files.exists(wlp.resolve("usr/servers/w/apps/shop.war")));
    }

    /** The monitor-1.0 the lab adds collects the pool's statistics only; a server that monitors itself keeps its own. */
    @Test
    void theLabsMonitorCollectsThePoolOnlyUnlessYourServerMonitorsItself() throws Exception {
        Path modes = PROJECT.resolve("app/server-config/modes");
        Path wlp = tmp.resolve("wlp");
        String filter = "<monitor filter=\"ThreadPool\"/>";
        Map<String, String> servers = Map.of(
                "plain", "<server><featureManager><feature>servlet-6.0</feature></featureManager></server>",
                "feature", "<server><featureManager><feature>Monitor-1.0</feature></featureManager></server>",
                "element", "<server><monitor filter=\"JVM,WebContainer\"/></server>");
        for (Map.Entry<String, String> server : servers.entrySet()) {
            Path user = Files.createDirectories(tmp.resolve(server.getKey()));
            Files.writeString(user.resolve("server.xml"), server.getValue());
            ServerLayout.userApp(
                    new UserApp(user, UserApp.Kind.SERVER_DIR, List.of()),
                    wlp,
                    server.getKey(),
                    DispatchMode.THREADPOOL,
                    "localhost",
                    19999,
                    modes);
            String overrides = Files.readString(wlp.resolve("usr/servers")
                    .resolve(server.getKey())
                    .resolve("configDropins/overrides/" + ServerLayout.OVERRIDES));
            assertEquals(
                    server.getKey().equals("plain"), overrides.contains(filter), server.getKey() + ": " + overrides);
        }
        for (List<String> features : List.of(List.of("servlet-6.0"), List.of("servlet-6.0", "monitor-1.0"))) {
            UserApp war = new UserApp(war(tmp.resolve("shop.war")), UserApp.Kind.WAR, features);
            ServerLayout.userApp(war, wlp, "w", DispatchMode.THREADPOOL, "localhost", 19999, modes);
            String overrides =
                    Files.readString(wlp.resolve("usr/servers/w/configDropins/overrides/" + ServerLayout.OVERRIDES));
            assertEquals(!features.contains("monitor-1.0"), overrides.contains(filter), features + ": " + overrides);
        }
        assertTrue(
                Files.readString(PROJECT.resolve("app/server-config/server.xml"))
                        .contains("<monitor filter=\"ThreadPool,REST\"/>"),
                "the lab's own server collects what the lab reads: the pool's and the REST statistics");
    }

    @Test
    void theServerLogSaysWhyAUsersServerDidNotStart() throws Exception {
        Path log = tmp.resolve("messages.log");
        Path mode = PROJECT.resolve("app/server-config/modes/executor-virtual.xml");
        Files.writeString(
                log,
                "[1/1/26] 0000001 com.ibm.ws.app.manager E CWWKZ0002E: An exception occurred while starting the application shop.\n");
        assertMessage(
                "your app did not start: CWWKZ0002E",
                "see " + log,
                () -> ServerLog.awaitStarted(log, Duration.ofSeconds(2), mode));
        Files.writeString(log, "A CWWKF0011I: The shop server is ready to run a smarter planet.\n");
        assertMessage(
                "your server started but no application did",
                "",
                () -> ServerLog.awaitStarted(log, Duration.ofSeconds(2), mode));
        Files.writeString(
                log,
                "A CWWKF0012I: The server installed the following features: [servlet-6.0].\n"
                        + "A CWWKZ0001I: Application shop started in 0.5 seconds.\nA CWWKF0011I: ready.\n");
        assertMessage(
                "the mode's Liberty feature vtlabExecutorVirtual-1.0 is not active",
                "",
                () -> ServerLog.awaitStarted(log, Duration.ofSeconds(2), mode));
        assertEquals(
                List.of(),
                ServerLog.awaitStarted(
                        log, Duration.ofSeconds(2), PROJECT.resolve("app/server-config/modes/threadpool.xml")));
        Files.writeString(
                log,
                Files.readString(log)
                        + "[1/1/26] 00000024 com.ibm.ws.webcontainer.webapp  E SRVE0276E: Error while initializing Servlet [shop]\n");
        assertEquals(
                List.of("SRVE0276E: Error while initializing Servlet [shop]"),
                ServerLog.awaitStarted(
                        log, Duration.ofSeconds(2), PROJECT.resolve("app/server-config/modes/threadpool.xml")),
                "errors that do not stop the server are returned, to be shown");
        assertMessage(
                "your server did not say it was ready",
                "",
                () -> ServerLog.awaitStarted(tmp.resolve("none.log"), Duration.ofMillis(300), mode));
    }
}
