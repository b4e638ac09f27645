package dev.vtlab.compare.preflight;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static dev.vtlab.compare.Fixtures.war;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.compare.settings.Catalogue;
import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user's app, plan and server log: every bad input is one clear line naming the setting. */
class UserAppTest {

    private static final Path PROJECT = Fixtures.ROOT;

    @TempDir
    Path tmp;

    @Test
    void anAppThatIsNotAWarEarOrServerDirectoryIsRefusedByName() throws IOException {
        assertMessage(
                "compare.app: ",
                "does not exist",
                () -> parse(tmp.resolve("nope.war").toString(), null));
        Path dir = Files.createDirectories(tmp.resolve("empty"));
        assertMessage("compare.app: ", "without server.xml", () -> parse(dir.toString(), null));
        Path text = Files.writeString(tmp.resolve("app.war"), "not a zip");
        assertMessage("compare.app: ", "neither a .war/.ear", () -> parse(text.toString(), null));
        Path jar = war(tmp.resolve("app.jar"));
        assertMessage("compare.app: ", "neither a .war/.ear", () -> parse(jar.toString(), null));
        assertMessage(
                "compare.features: ",
                "not a Liberty feature",
                () -> parse(war(tmp.resolve("a.war")).toString(), "servlet-6.0,<x>"));
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
                        .notes(liberty),
                "versionless names resolve");
        assertMessage("compare.app: ", "[cdi-4.0, usr:mine-1.0]", () -> server(
                        "<feature>servlet-6.0</feature><feature>cdi-4.0</feature><feature>usr:mine-1.0</feature>", "")
                .notes(liberty));
        assertMessage(
                "compare.app: ", "does not parse", () -> server("<feature>", "").notes(liberty));
        try (ServerSocket db = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int open = db.getLocalPort();
            List<String> notes = server(
                            "<feature>jdbc-4.3</feature>",
                            "<dataSource><properties serverName=\"localhost\" portNumber=\"" + open
                                    + "\"/></dataSource>")
                    .notes(liberty);
            assertEquals(1, notes.size());
            assertTrue(notes.get(0).contains("portNumber=\"" + open + "\"> answers"), notes.get(0));
        }
        int closed;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = gone.getLocalPort();
        }
        assertMessage("compare.app: ", "does not accept a connection", () -> server(
                        "<feature>jdbc-4.3</feature>",
                        "<dataSource><properties.postgresql serverName=\"127.0.0.1\" portNumber=\"" + closed
                                + "\"/></dataSource>")
                .notes(liberty));
        assertTrue(server(
                        "<feature>jdbc-4.3</feature>",
                        "<dataSource><properties serverName=\"db.example.com\"/></dataSource>")
                .notes(liberty)
                .get(0)
                .contains("no port to check"));
        assertEquals(
                List.of(),
                server(
                                "<feature>jdbc-4.3</feature>",
                                "<dataSource><properties serverName=\"${db.host}\"/></dataSource>")
                        .notes(liberty),
                "a variable the lab cannot resolve is left to the server");
    }

    private UserApp server(String features, String config) throws IOException {
        Path dir = Files.createDirectories(Files.createTempDirectory(tmp, "server"));
        Files.writeString(
                dir.resolve("server.xml"),
                "<server><featureManager>" + features + "</featureManager>" + config + "</server>");
        return parse(dir.toString(), null);
    }

    @Test
    void aPlanMustParseAndSendOnlyToThisMachine() throws IOException {
        assertMessage("compare.plan: ", "does not exist", () -> PlanCheck.checkPlan(tmp.resolve("none.jmx")));
        assertMessage(
                "compare.plan: ",
                "does not parse",
                () -> PlanCheck.checkPlan(Files.writeString(tmp.resolve("a.jmx"), "<oops")));
        assertMessage(
                "compare.plan: ",
                "not a JMeter plan",
                () -> PlanCheck.checkPlan(Files.writeString(tmp.resolve("b.jmx"), "<project/>")));
        Path remote = plan("shop.example.com", "443");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanCheck.checkPlan(remote));
        assertTrue(
                e.getMessage().contains("'shop.example.com'") && e.getMessage().contains("${__P(HOST,localhost)}"),
                e.getMessage());
        assertEquals(
                9080,
                PlanCheck.checkPlan(plan("localhost", "9080")),
                "a hard-coded local port: the server listens there");
        assertNull(PlanCheck.checkPlan(plan("${__P(HOST,localhost)}", "${__P(PORT,9080)}")));
        assertNull(PlanCheck.checkPlan(PROJECT.resolve("samples/inventory/jmeter/inventory.jmx")));
    }

    @Test
    void anOpenModelPlanIsNotedAsMeasuredWithoutItsSchedule() {
        assertEquals(
                List.of(),
                PlanCheck.planNotes(PROJECT.resolve("samples/inventory/jmeter/inventory.jmx")),
                "a closed plan: nothing to say");
        List<String> notes = PlanCheck.planNotes(PROJECT.resolve("jmeter/throughput-open.jmx"));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(
                notes.get(0).startsWith("thread group 'banking arrivals' starts a thread per arrival"), notes.get(0));
    }

    @Test
    void aWholeUrlInASamplersPathOrHttpsIsCheckedToo() throws IOException {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PlanCheck.checkPlan(sampler("HTTPSampler.path", "https://shop.example.com:8443/cart")));
        assertTrue(
                e.getMessage().contains("'shop.example.com'") && !e.getMessage().contains("\n"), e.getMessage());
        assertEquals(8080, PlanCheck.checkPlan(sampler("HTTPSampler.path", "http://localhost:8080/cart?id=1")));
        assertEquals(80, PlanCheck.checkPlan(sampler("HTTPSampler.path", "HTTP://127.0.0.1/cart")));
        assertNull(PlanCheck.checkPlan(sampler("HTTPSampler.path", "/cart/http://not-a-host")));
        assertMessage(
                "compare.plan: ",
                "protocol 'https'",
                () -> PlanCheck.checkPlan(sampler("HTTPSampler.protocol", "https")));
        assertMessage(
                "compare.plan: ",
                "protocol 'https'",
                () -> PlanCheck.checkPlan(sampler("HTTPSampler.path", "https://localhost:9443/")));
        assertNull(PlanCheck.checkPlan(sampler("HTTPSampler.protocol", "http")));
    }

    @Test
    void settingsRefuseWhatCannotApplyToAUsersApp() throws IOException {
        Path war = war(tmp.resolve("shop.war"));
        Path plan = plan("localhost", "${__P(PORT,9080)}");
        Properties p = new Properties();
        p.setProperty("compare.plan", plan.toString());
        assertMessage(
                "compare.plan and compare.url",
                "-Dcompare.app",
                () -> CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME));
        p.setProperty("compare.app", war.toString());
        p.setProperty("compare.modes", "threadpool,virtual");
        assertMessage(
                "compare.modes: ",
                "do not apply to your app",
                () -> CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME));
        p.setProperty("compare.url", "/shop");
        assertMessage(
                "compare.app: ", "either -Dcompare.plan", () -> CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME));
        p.remove("compare.plan");
        p.setProperty("compare.url", "shop");
        assertMessage("compare.url: ", "starting with /", () -> CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME));
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
                Catalogue.resolve("shop-load", "plan:" + planFile).plan(),
                "a report names its user's plan, so it can be analysed again");
        assertEquals(
                "GET /a, keep-alive, no think time",
                Catalogue.resolve("url", "url:/a").about());
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

    /** What the comparison does with -Dcompare.app (and -Dcompare.features): parse, then look at the disk. */
    private static UserApp parse(String path, String features) {
        Properties p = new Properties();
        p.setProperty("compare.app", path);
        p.setProperty("compare.url", "/");
        if (features != null) {
            p.setProperty("compare.features", features);
        }
        return UserApp.check(
                CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME).app());
    }

    @Test
    void theAppsPackagesComeFromItsOwnClassesInWarsEarsAndLooseApps() throws IOException {
        Path war = zip(
                tmp.resolve("shop.war"),
                "WEB-INF/classes/com/example/shop/Cart.class",
                "WEB-INF/classes/com/example/shop/web/CartServlet.class",
                "WEB-INF/lib/gson.jar",
                "index.html");
        assertEquals(Set.of("com.example.shop."), new UserApp(war, UserApp.Kind.WAR, List.of()).packages());

        Path ear = tmp.resolve("bank.ear");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(ear))) {
            out.putNextEntry(new ZipEntry("web.war"));
            out.write(Files.readAllBytes(war));
            out.putNextEntry(new ZipEntry("ejb.jar"));
            out.write(Files.readAllBytes(zip(tmp.resolve("ejb.jar"), "org/acme/bank/Teller.class")));
            out.putNextEntry(new ZipEntry("lib/util.jar"));
            out.write(Files.readAllBytes(zip(tmp.resolve("util.jar"), "org/util/Strings.class")));
        }
        assertEquals(
                Set.of("com.example.shop.", "org.acme.bank."),
                new UserApp(ear, UserApp.Kind.EAR, List.of()).packages(),
                "the ear's modules, not its lib/");

        Path classes = Files.createDirectories(tmp.resolve("build/classes/net/shop"));
        Files.writeString(classes.resolve("Api.class"), "");
        Path server = Files.createDirectories(tmp.resolve("server/apps"));
        Files.writeString(
                server.resolve("shop.war.xml"),
                "<archive><dir sourceOnDisk=\"" + tmp.resolve("build/classes")
                        + "\" targetInArchive=\"/WEB-INF/classes\"/></archive>");
        Files.copy(war, Files.createDirectories(tmp.resolve("server/dropins")).resolve("shop.war"));
        assertEquals(
                Set.of("com.example.shop.", "net.shop."),
                new UserApp(tmp.resolve("server"), UserApp.Kind.SERVER_DIR, List.of()).packages());
    }

    private static Path zip(Path file, String... entries) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(file))) {
            for (String e : entries) {
                out.putNextEntry(new ZipEntry(e));
            }
        }
        return file;
    }
}
