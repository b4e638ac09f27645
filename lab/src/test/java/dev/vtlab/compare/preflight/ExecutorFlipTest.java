package dev.vtlab.compare.preflight;

import static dev.vtlab.compare.Fixtures.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * compare.virtualExecutors: which of a server.xml's elements each id names, and the override that flips them, written
 * out by hand from Liberty's configuration rules (virtual on a thread factory itself, on an executor's policy).
 */
class ExecutorFlipTest {

    @TempDir
    Path tmp;

    private static final String EXECUTORS =
            """
                <managedExecutorService id="orders" jndiName="concurrent/orders">
                    <concurrencyPolicy max="8"/>
                </managedExecutorService>
                <managedScheduledExecutorService id="reports" concurrencyPolicyRef="reportPolicy"/>
                <concurrencyPolicy id="reportPolicy" max="4"/>
                <managedExecutorService id="audit" concurrencyPolicyRef="shared"/>
                <managedExecutorService id="billing" concurrencyPolicyRef="shared"/>
                <concurrencyPolicy id="shared"/>
                <managedThreadFactory id="workers"/>
            """;

    private Document server(String features) throws IOException {
        Path xml = tmp.resolve("server.xml");
        Files.writeString(
                xml, "<server>\n<featureManager>\n" + features + "\n</featureManager>\n" + EXECUTORS + "</server>\n");
        return PlanCheck.parseXml(xml, "test");
    }

    @Test
    void eachKindOfElementGetsTheOverrideLibertyMergesIntoIt() throws IOException {
        List<ExecutorFlip> flips = ExecutorFlip.resolve(
                server("<feature>concurrent-3.1</feature>"), List.of("orders", "reports", "workers"), "server.xml");
        assertEquals(
                List.of(
                        new ExecutorFlip("managedExecutorService", "orders", null),
                        new ExecutorFlip("managedScheduledExecutorService", "reports", "reportPolicy"),
                        new ExecutorFlip("managedThreadFactory", "workers", null)),
                flips);
        assertEquals(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- vtlab's comparison (compare.virtualExecutors): your executors with virtual="true" in this copy of your server; your files are unchanged -->
                <server>
                    <managedExecutorService id="orders">
                        <concurrencyPolicy virtual="true"/>
                    </managedExecutorService>
                    <concurrencyPolicy id="reportPolicy" virtual="true"/>
                    <managedThreadFactory id="workers" virtual="true"/>
                </server>
                """,
                ExecutorFlip.overrides(flips, true));
        assertEquals(
                "    <managedThreadFactory id=\"workers\" virtual=\"false\"/>\n",
                flips.get(2).override(false));
    }

    @Test
    void aSharedPolicyIsFlippedOnlyWhenEveryExecutorUsingItIsNamed() throws IOException {
        Document xml = server("<feature>jakartaee-11.0</feature>");
        assertMessage(
                "compare.virtualExecutors: 'audit' and 'billing' share concurrencyPolicy 'shared'",
                "name both",
                () -> ExecutorFlip.resolve(xml, List.of("audit"), "server.xml"));
        assertEquals(
                2,
                ExecutorFlip.resolve(xml, List.of("audit", "billing"), "server.xml")
                        .size());
    }

    @Test
    void anIdTheServerDoesNotHaveIsRefusedWithTheOnesItHas() throws IOException {
        assertMessage(
                "compare.virtualExecutors: server.xml has no managedExecutorService,",
                "with id 'order'; it has [audit, billing, orders, reports, workers]",
                () -> ExecutorFlip.resolve(
                        server("<feature>webProfile-11.0</feature>"), List.of("order"), "server.xml"));
    }

    @Test
    void featuresBelowConcurrency31AreRefusedVersionlessOnesUnderJakartaEe11Pass() throws IOException {
        assertMessage(
                "compare.virtualExecutors: server.xml enables concurrent-3.0, servlet-6.0, below concurrent-3.1",
                "enable concurrent-3.1",
                () -> ExecutorFlip.resolve(
                        server("<feature>servlet-6.0</feature><feature>concurrent-3.0</feature>"),
                        List.of("orders"),
                        "server.xml"));
        assertMessage(
                "compare.virtualExecutors: server.xml enables concurrent, below concurrent-3.1",
                "",
                () -> ExecutorFlip.resolve(
                        server("<platform>jakartaee-10.0</platform><feature>concurrent</feature>"),
                        List.of("orders"),
                        "server.xml"));
        assertEquals(
                1,
                ExecutorFlip.resolve(
                                server("<platform>jakartaEE-11.0</platform><feature>concurrent</feature>"),
                                List.of("orders"),
                                "server.xml")
                        .size());
    }

    private Document serverWith(String elements) throws IOException {
        Path xml = tmp.resolve("loose.xml");
        Files.writeString(
                xml,
                "<server>\n<featureManager><feature>concurrent-3.1</feature></featureManager>\n" + elements
                        + "</server>\n");
        return PlanCheck.parseXml(xml, "test");
    }

    @Test
    void aLoosePolicyTheFlipWouldMakeVirtualIsRefusedNamingIt() throws IOException {
        Document referenced = serverWith(
                """
                <managedExecutorService id="orders" concurrencyPolicyRef="fast"/>
                <concurrencyPolicy id="fast" max="8" maxPolicy="loose"/>
                """);
        assertMessage(
                "compare.virtualExecutors: 'orders' runs on concurrencyPolicy 'fast', which sets maxPolicy=\"loose\"",
                "maxPolicy: loose, virtual: true",
                () -> ExecutorFlip.resolve(referenced, List.of("orders"), "server.xml"));
        Document nested = serverWith(
                """
                <managedExecutorService id="orders">
                    <concurrencyPolicy max="8" maxPolicy="LOOSE"/>
                </managedExecutorService>
                """);
        assertMessage(
                "compare.virtualExecutors: 'orders' runs on the concurrencyPolicy nested in it, which sets"
                        + " maxPolicy=\"loose\"",
                "set it to strict",
                () -> ExecutorFlip.resolve(nested, List.of("orders"), "server.xml"));
        Document strict = serverWith(
                """
                <managedExecutorService id="orders" concurrencyPolicyRef="fast"/>
                <concurrencyPolicy id="fast" max="8" maxPolicy="strict"/>
                <managedExecutorService id="other">
                    <concurrencyPolicy maxPolicy="loose"/>
                </managedExecutorService>
                """);
        assertEquals(
                1, ExecutorFlip.resolve(strict, List.of("orders"), "server.xml").size(), "only what is flipped");
    }

    @Test
    void aPolicyAlreadyVirtualAndLooseIsRefusedInTheUsersServerAndInAModeFile() throws IOException {
        Document server = serverWith(
                """
                <managedExecutorService id="orders" concurrencyPolicyRef="fast"/>
                <concurrencyPolicy id="fast" max="8"/>
                <managedExecutorService id="audit">
                    <concurrencyPolicy virtual="true" maxPolicy="loose"/>
                </managedExecutorService>
                """);
        assertMessage(
                "compare.virtualExecutors: server.xml has the concurrencyPolicy nested in managedExecutorService 'audit'"
                        + " with virtual=\"true\" and maxPolicy=\"loose\", a pair Open Liberty refuses",
                "drop maxPolicy",
                () -> ExecutorFlip.resolve(server, List.of("orders"), "server.xml"));

        Path mode = tmp.resolve("managed-virtual.xml");
        Files.writeString(
                mode,
                """
                <server>
                    <managedExecutorService id="vtlabRequests" jndiName="concurrent/vtlab-requests">
                        <concurrencyPolicy virtual="true" maxPolicy="loose"/>
                    </managedExecutorService>
                </server>
                """);
        assertMessage(
                "compare.modes: managed-virtual: " + mode + " has the concurrencyPolicy nested in"
                        + " managedExecutorService 'vtlabRequests' with virtual=\"true\" and maxPolicy=\"loose\"",
                "Open Liberty 33966",
                () -> ExecutorFlip.refuseLooseVirtual(mode, "compare.modes: managed-virtual"));
    }

    @Test
    void theLabsOwnModeFilesPass() throws IOException {
        try (var files = Files.list(Fixtures.ROOT.resolve("app/server-config/modes"))) {
            List<Path> modes = files.filter(f -> f.toString().endsWith(".xml")).toList();
            assertTrue(modes.stream().anyMatch(f -> f.endsWith("managed-virtual.xml")), modes.toString());
            for (Path mode : modes) {
                ExecutorFlip.refuseLooseVirtual(mode, "compare.modes");
            }
        }
    }

    @Test
    void anExecutorWithoutMaxOnItsPolicyIsNotedAThreadFactoryIsNot() throws IOException {
        Document xml = server("<feature>concurrent-3.1</feature>");
        List<ExecutorFlip> flips =
                ExecutorFlip.resolve(xml, List.of("orders", "reports", "audit", "billing", "workers"), "server.xml");
        List<String> notes = ExecutorFlip.unbounded(xml, flips);
        assertEquals(2, notes.size(), notes.toString());
        assertTrue(
                notes.get(0)
                        .startsWith("compare.virtualExecutors: 'audit' has no max on concurrencyPolicy 'shared': on"
                                + " virtual threads nothing bounds how many of its tasks run at once"),
                notes.get(0));
        assertTrue(notes.get(0).contains("MAX_IN_FLIGHT"), notes.get(0));
        assertTrue(notes.get(1).startsWith("compare.virtualExecutors: 'billing' has no max"), notes.get(1));
        Document nested = serverWith(
                """
                <managedExecutorService id="orders">
                    <concurrencyPolicy max="-1"/>
                </managedExecutorService>
                """);
        assertEquals(
                List.of("compare.virtualExecutors: 'orders' has no max on the concurrencyPolicy nested in it"),
                ExecutorFlip.unbounded(nested, ExecutorFlip.resolve(nested, List.of("orders"), "server.xml")).stream()
                        .map(n -> n.substring(0, n.indexOf(':', n.indexOf("nested"))))
                        .toList());
    }
}
