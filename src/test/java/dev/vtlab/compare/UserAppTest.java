package dev.vtlab.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user's app, plan and server log: every bad input is one clear line naming the setting. */
class UserAppTest {

    private static final Path PROJECT =
            Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

    @TempDir
    Path tmp;

    @Test
    void anAppThatIsNotAWarEarOrServerDirectoryIsRefusedByName() throws IOException {
        assertMessage(
                "compare.app: ",
                "does not exist",
                () -> UserApp.parse(tmp.resolve("nope.war").toString(), null));
        Path dir = Files.createDirectories(tmp.resolve("empty"));
        assertMessage("compare.app: ", "without server.xml", () -> UserApp.parse(dir.toString(), null));
        Path text = Files.writeString(tmp.resolve("app.war"), "not a zip");
        assertMessage("compare.app: ", "neither a .war/.ear", () -> UserApp.parse(text.toString(), null));
        Path jar = war(tmp.resolve("app.jar"));
        assertMessage("compare.app: ", "neither a .war/.ear", () -> UserApp.parse(jar.toString(), null));
        assertMessage(
                "compare.features: ",
                "not a Liberty feature",
                () -> UserApp.parse(war(tmp.resolve("a.war")).toString(), "servlet-6.0,<x>"));
    }

    @Test
    void preflightRefusesFeaturesThisLibertyLacksAndABackendThatDoesNotAnswer() throws IOException {
        Path wlp = Files.createDirectories(tmp.resolve("wlp/lib/features"));
        Files.writeString(wlp.resolve("servlet.mf"), "Manifest-Version: 1.0\nIBM-ShortName: servlet-6.0\n");
        Files.writeString(wlp.resolve("jdbc.mf"), "Manifest-Version: 1.0\nIBM-ShortName: jdbc-4.3\n");
        Path liberty = tmp.resolve("wlp");
        assertEquals(
                List.of(),
                server("<feature>servlet-6.0</feature><feature>jdbc</feature>", "")
                        .preflight(liberty),
                "versionless names resolve");
        assertMessage("compare.app: ", "[cdi-4.0, usr:mine-1.0]", () -> server(
                        "<feature>servlet-6.0</feature><feature>cdi-4.0</feature><feature>usr:mine-1.0</feature>", "")
                .preflight(liberty));
        assertMessage(
                "compare.app: ", "does not parse", () -> server("<feature>", "").preflight(liberty));
        try (java.net.ServerSocket db = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int open = db.getLocalPort();
            List<String> notes = server(
                            "<feature>jdbc-4.3</feature>",
                            "<dataSource><properties serverName=\"localhost\" portNumber=\"" + open
                                    + "\"/></dataSource>")
                    .preflight(liberty);
            assertEquals(1, notes.size());
            assertTrue(notes.get(0).contains("portNumber=\"" + open + "\"> answers"), notes.get(0));
        }
        int closed;
        try (java.net.ServerSocket gone = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = gone.getLocalPort();
        }
        assertMessage("compare.app: ", "does not accept a connection", () -> server(
                        "<feature>jdbc-4.3</feature>",
                        "<dataSource><properties.postgresql serverName=\"127.0.0.1\" portNumber=\"" + closed
                                + "\"/></dataSource>")
                .preflight(liberty));
        assertTrue(server(
                        "<feature>jdbc-4.3</feature>",
                        "<dataSource><properties serverName=\"db.example.com\"/></dataSource>")
                .preflight(liberty)
                .get(0)
                .contains("no port to check"));
        assertEquals(
                List.of(),
                server(
                                "<feature>jdbc-4.3</feature>",
                                "<dataSource><properties serverName=\"${db.host}\"/></dataSource>")
                        .preflight(liberty),
                "a variable the lab cannot resolve is left to the server");
    }

    private UserApp server(String features, String config) throws IOException {
        Path dir = Files.createDirectories(Files.createTempDirectory(tmp, "server"));
        Files.writeString(
                dir.resolve("server.xml"),
                "<server><featureManager>" + features + "</featureManager>" + config + "</server>");
        return UserApp.parse(dir.toString(), null);
    }

    @Test
    void aPlanMustParseAndSendOnlyToThisMachine() throws IOException {
        assertMessage("compare.plan: ", "does not exist", () -> UserApp.checkPlan(tmp.resolve("none.jmx")));
        assertMessage(
                "compare.plan: ",
                "does not parse",
                () -> UserApp.checkPlan(Files.writeString(tmp.resolve("a.jmx"), "<oops")));
        assertMessage(
                "compare.plan: ",
                "not a JMeter plan",
                () -> UserApp.checkPlan(Files.writeString(tmp.resolve("b.jmx"), "<project/>")));
        Path remote = plan("shop.example.com", "443");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UserApp.checkPlan(remote));
        assertTrue(
                e.getMessage().contains("'shop.example.com'") && e.getMessage().contains("${__P(HOST,localhost)}"),
                e.getMessage());
        assertEquals(
                9080,
                UserApp.checkPlan(plan("localhost", "9080")),
                "a hard-coded local port: the server listens there");
        assertNull(UserApp.checkPlan(plan("${__P(HOST,localhost)}", "${__P(PORT,9080)}")));
        assertNull(UserApp.checkPlan(PROJECT.resolve("samples/inventory/jmeter/inventory.jmx")));
    }

    @Test
    void anOpenModelPlanIsNotedAsMeasuredWithoutItsSchedule() {
        assertEquals(
                List.of(),
                UserApp.planNotes(PROJECT.resolve("samples/inventory/jmeter/inventory.jmx")),
                "a closed plan: nothing to say");
        List<String> notes = UserApp.planNotes(PROJECT.resolve("jmeter/throughput-open.jmx"));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(
                notes.get(0).startsWith("thread group 'banking arrivals' starts a thread per arrival"), notes.get(0));
    }

    @Test
    void aWholeUrlInASamplersPathOrHttpsIsCheckedToo() throws IOException {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> UserApp.checkPlan(sampler("HTTPSampler.path", "https://shop.example.com:8443/cart")));
        assertTrue(
                e.getMessage().contains("'shop.example.com'") && !e.getMessage().contains("\n"), e.getMessage());
        assertEquals(8080, UserApp.checkPlan(sampler("HTTPSampler.path", "http://localhost:8080/cart?id=1")));
        assertEquals(80, UserApp.checkPlan(sampler("HTTPSampler.path", "HTTP://127.0.0.1/cart")));
        assertNull(UserApp.checkPlan(sampler("HTTPSampler.path", "/cart/http://not-a-host")));
        assertMessage(
                "compare.plan: ",
                "protocol 'https'",
                () -> UserApp.checkPlan(sampler("HTTPSampler.protocol", "https")));
        assertMessage(
                "compare.plan: ",
                "protocol 'https'",
                () -> UserApp.checkPlan(sampler("HTTPSampler.path", "https://localhost:9443/")));
        assertNull(UserApp.checkPlan(sampler("HTTPSampler.protocol", "http")));
    }

    @Test
    void settingsRefuseWhatCannotApplyToAUsersApp() throws IOException {
        Path war = war(tmp.resolve("shop.war"));
        Path plan = plan("localhost", "${__P(PORT,9080)}");
        Properties p = new Properties();
        p.setProperty("compare.plan", plan.toString());
        assertMessage("compare.plan and compare.url", "-Dcompare.app", () -> CompareSettings.from(p, PROJECT));
        p.setProperty("compare.app", war.toString());
        p.setProperty("compare.modes", "threadpool,virtual");
        assertMessage("compare.modes: ", "do not apply to your app", () -> CompareSettings.from(p, PROJECT));
        p.setProperty("compare.url", "/shop");
        assertMessage("compare.app: ", "either -Dcompare.plan", () -> CompareSettings.from(p, PROJECT));
        p.remove("compare.plan");
        p.setProperty("compare.url", "shop");
        assertMessage("compare.url: ", "starting with /", () -> CompareSettings.from(p, PROJECT));
    }

    @Test
    void aUrlRunsThePingPlanOnThatPathAndAPlanRunsAsItIs() {
        Properties p = new Properties();
        p.setProperty("compare.THREADS", "7");
        p.setProperty("compare.SHOP_ITEMS", "12");
        TestSpec url = TestSpec.of(Catalogue.url("/shop/items?id=1&full=true"), Catalogue.Profile.QUICK, p, null);
        assertEquals("ping.jmx", url.test().plan());
        assertEquals("/shop/items?id=1&full=true", url.props().get("PATH"));
        assertEquals("7", url.props().get("THREADS"), "-Dcompare.THREADS reaches the built-in plan");
        assertEquals(
                Catalogue.get("ping").defaults().get(Catalogue.Profile.QUICK).get("DURATION"),
                url.props().get("DURATION"));
        Path planFile = tmp.resolve("shop-load.jmx");
        TestSpec plan = TestSpec.of(Catalogue.userPlan(planFile), Catalogue.Profile.QUICK, p, 3);
        assertEquals("shop-load", plan.name());
        assertEquals(
                "12",
                plan.props().get("SHOP_ITEMS"),
                "every upper-case -Dcompare.KEY reaches the user's plan as -JKEY");
        assertEquals(
                TestSpec.PLAN_DEFAULT_SECONDS, plan.seconds(), "a plan's own length is unknown: bounded by default");
        assertEquals(
                planFile.toAbsolutePath().toString(),
                Catalogue.resolve("shop-load", java.util.Map.of(Catalogue.USER_TEST, "plan:" + planFile))
                        .plan(),
                "a report names its user's plan, so it can be analysed again");
        assertEquals(
                "GET /a, keep-alive, no think time",
                Catalogue.resolve("url", java.util.Map.of(Catalogue.USER_TEST, "url:/a"))
                        .about());
    }

    @Test
    void eachRunGetsAFreshCopyWithTheLabsOverridesAndTheModesFeature() throws IOException {
        Path user = Files.createDirectories(tmp.resolve("myserver"));
        Files.writeString(
                user.resolve("server.xml"),
                "<server><featureManager><feature>servlet-6.0</feature></featureManager></server>");
        Files.createDirectories(user.resolve("logs"));
        Files.writeString(user.resolve("logs/messages.log"), "old run");
        Files.createDirectories(user.resolve("apps"));
        Files.writeString(user.resolve("apps/x.txt"), "app");
        Path wlp = tmp.resolve("wlp");
        UserApp app = UserApp.parse(user.toString(), null);
        app.prepare(wlp, "s", DispatchMode.EXECUTOR_VIRTUAL, 19999, PROJECT.resolve("server-config/modes"));
        Path dir = wlp.resolve("usr/servers/s");
        assertEquals("app", Files.readString(dir.resolve("apps/x.txt")));
        assertFalse(Files.exists(dir.resolve("logs/messages.log")), "the user's old logs are not copied");
        assertTrue(Files.readString(dir.resolve("configDropins/overrides/" + UserApp.OVERRIDES))
                .contains("httpPort=\"19999\""));
        assertTrue(Files.readString(dir.resolve("configDropins/overrides/vtlab-mode-executor-virtual.xml"))
                .contains("usr:vtlabExecutorVirtual-1.0"));
        app.prepare(wlp, "s", DispatchMode.THREADPOOL, 19999, PROJECT.resolve("server-config/modes"));
        assertFalse(
                Files.exists(dir.resolve("configDropins/overrides/vtlab-mode-executor-virtual.xml")),
                "a fresh copy per run");

        UserApp bare = UserApp.parse(war(tmp.resolve("shop.war")).toString(), "servlet-6.0, jdbc-4.3");
        bare.prepare(wlp, "w", DispatchMode.THREADPOOL, 19999, PROJECT.resolve("server-config/modes"));
        String xml = Files.readString(wlp.resolve("usr/servers/w/server.xml"));
        assertTrue(
                xml.contains("<feature>jdbc-4.3</feature>") && xml.contains("<webApplication location=\"shop.war\"/>"),
                xml);
        assertTrue(Files.exists(wlp.resolve("usr/servers/w/apps/shop.war")));
    }

    @Test
    void theServerLogSaysWhyAUsersServerDidNotStart() throws Exception {
        Path log = tmp.resolve("messages.log");
        Path mode = PROJECT.resolve("server-config/modes/executor-virtual.xml");
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
                        log, Duration.ofSeconds(2), PROJECT.resolve("server-config/modes/threadpool.xml")));
        Files.writeString(
                log,
                Files.readString(log)
                        + "[1/1/26] 00000024 com.ibm.ws.webcontainer.webapp  E SRVE0276E: Error while initializing Servlet [shop]\n");
        assertEquals(
                List.of("SRVE0276E: Error while initializing Servlet [shop]"),
                ServerLog.awaitStarted(
                        log, Duration.ofSeconds(2), PROJECT.resolve("server-config/modes/threadpool.xml")),
                "errors that do not stop the server are returned, to be shown");
        assertMessage(
                "your server did not say it was ready",
                "",
                () -> ServerLog.awaitStarted(tmp.resolve("none.log"), Duration.ofMillis(300), mode));
    }

    private Path plan(String host, String port) throws IOException {
        return Files.writeString(
                Files.createTempFile(tmp, "plan", ".jmx"),
                """
                <jmeterTestPlan version="1.2"><hashTree><ConfigTestElement>
                  <stringProp name="HTTPSampler.domain">%s</stringProp>
                  <stringProp name="HTTPSampler.port">%s</stringProp>
                </ConfigTestElement></hashTree></jmeterTestPlan>"""
                        .formatted(host, port));
    }

    private Path sampler(String name, String value) throws IOException {
        return Files.writeString(
                Files.createTempFile(tmp, "plan", ".jmx"),
                """
                <jmeterTestPlan version="1.2"><hashTree><HTTPSamplerProxy>
                  <stringProp name="%s">%s</stringProp>
                </HTTPSamplerProxy></hashTree></jmeterTestPlan>"""
                        .formatted(name, value));
    }

    private static Path war(Path file) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
            zip.write("<web-app/>".getBytes());
        }
        return file;
    }

    private static void assertMessage(String start, String contains, org.junit.jupiter.api.function.Executable call) {
        Exception e = assertThrows(Exception.class, call);
        assertTrue(e.getMessage().startsWith(start) && e.getMessage().contains(contains), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
