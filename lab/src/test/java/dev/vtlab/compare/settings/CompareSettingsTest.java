package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import dev.vtlab.dispatch.DispatchMode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Settings that refuse mistakes before anything starts: one line naming the setting, a rule per test. */
class CompareSettingsTest {

    private static final Path PROJECT = Fixtures.ROOT;

    private static CompareSettings parse(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return CompareSettings.from(p, PROJECT, "0-1", Fixtures.HOME);
    }

    private static void refused(String expectedStart, String... keyValues) {
        String message = assertThrows(IllegalArgumentException.class, () -> parse(keyValues))
                .getMessage();
        assertTrue(message.startsWith(expectedStart), message);
        assertEquals(1, message.lines().count(), "one line: " + message);
    }

    @Test
    void aFixedSizePoolIsCoreThreadsEqualToMaxThreads() {
        CompareSettings fixed = parse("compare.poolMaxThreads", "100", "compare.poolCoreThreads", "100");
        assertEquals(100, fixed.poolCoreThreads());
        assertEquals(100, fixed.poolMaxThreads());
        assertEquals(null, parse().poolCoreThreads());
        refused("compare.poolCoreThreads must come with compare.poolMaxThreads", "compare.poolCoreThreads", "50");
        refused(
                "compare.poolCoreThreads must come with compare.poolMaxThreads and be at most it",
                "compare.poolCoreThreads",
                "50",
                "compare.poolMaxThreads",
                "40");
    }

    @Test
    void theDefaultModesAreWhatTheQuestionCanDeploy() {
        assertEquals(
                List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL),
                parse().modes(),
                "the lab's app: Jakarta Concurrency 3.1's virtual executor, which a team can ship");
        assertEquals(
                List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                parse("compare.profile", "study").modes(),
                "the study's claims are about its prototype");
        assertEquals(
                List.of(DispatchMode.THREADPOOL, DispatchMode.EXECUTOR_VIRTUAL),
                parse("compare.app", "/srv/shop", "compare.url", "/shop/status").modes(),
                "an app without executors of its own moves only by vtlab's feature");
    }

    @Test
    void yourOwnExecutorsAreFlippedInTheManagedModesOnly() {
        String[] app = {"compare.app", "/srv/shop", "compare.url", "/shop/status"};
        CompareSettings flipped = parse(concat(app, "compare.virtualExecutors", "orders, reports"));
        assertEquals(List.of("orders", "reports"), flipped.app().virtualExecutors());
        assertEquals(
                List.of(DispatchMode.THREADPOOL, DispatchMode.MANAGED_VIRTUAL),
                flipped.modes(),
                "the flip against your server as it is, by default");
        assertEquals(
                List.of(DispatchMode.MANAGED_PLATFORM, DispatchMode.MANAGED_VIRTUAL),
                parse(concat(
                                app,
                                "compare.virtualExecutors",
                                "orders",
                                "compare.modes",
                                "managed-platform,managed-virtual"))
                        .modes());
        refused(
                "compare.virtualExecutors flips your app's own executors: give it with -Dcompare.app",
                "compare.virtualExecutors",
                "orders");
        refused(
                "compare.virtualExecutors: your executors are flipped in the managed-virtual",
                concat(app, "compare.virtualExecutors", "orders", "compare.modes", "threadpool,executor-virtual"));
        refused(
                "compare.modes: [managed-virtual] hand requests off in vtlab's own code",
                concat(app, "compare.modes", "threadpool,managed-virtual"));
        refused(
                "compare.modes: [virtual] hand requests off in vtlab's own code",
                concat(app, "compare.virtualExecutors", "orders", "compare.modes", "threadpool,virtual"));
        refused(
                "compare.virtualExecutors: 'orders\"/>' is not the id",
                concat(app, "compare.virtualExecutors", "orders\"/>"));
        refused("compare.virtualExecutors: 1 to 20 distinct ids", concat(app, "compare.virtualExecutors", "a,a"));
    }

    @Test
    void yourUrlIsPacedByAProbeUnlessARateOrNoPaceIsAskedForOrTheSmokeProfileRuns() {
        String[] app = {"compare.app", "/srv/shop", "compare.url", "/shop/status"};
        assertTrue(parse(app).app().probesPace(), "the default profile probes");
        assertTrue(parse(concat(app, "compare.pace", "probe", "compare.profile", "smoke"))
                .app()
                .probesPace());
        assertFalse(parse(concat(app, "compare.profile", "smoke")).app().probesPace(), "smoke: unpaced");
        assertFalse(parse(concat(app, "compare.pace", "none")).app().probesPace());
        CompareSettings rate = parse(concat(app, "compare.RATE", "2000"));
        assertFalse(rate.app().probesPace(), "a rate given is the pace");
        assertEquals(2000, rate.specs().get(0).pacedRate());
        assertFalse(parse(concat(app, "compare.url.RATE", "2000")).app().probesPace());
        assertFalse(parse("compare.app", "/srv/shop", "compare.plan", "/srv/shop.jmx")
                .app()
                .probesPace());
        refused("compare.pace is one of [probe, none], not 'max'", concat(app, "compare.pace", "max"));
        refused(
                "compare.pace and compare.RATE both say how your URL is paced",
                concat(app, "compare.pace", "none", "compare.RATE", "2000"));
        refused("compare.pace paces your URL: give it with -Dcompare.app and -Dcompare.url", "compare.pace", "none");
        refused(
                "compare.pace paces your URL",
                "compare.app",
                "/srv/shop",
                "compare.plan",
                "/srv/shop.jmx",
                "compare.pace",
                "probe");
    }

    private static String[] concat(String[] first, String... more) {
        return Stream.concat(Arrays.stream(first), Arrays.stream(more)).toArray(String[]::new);
    }

    @Test
    void theDefaultsAreTheQuickProfileOnTheLabsPorts() {
        CompareSettings s = parse();
        assertEquals(Catalogue.Profile.QUICK, s.profile());
        assertEquals(
                List.of("throughput"), s.specs().stream().map(TestSpec::name).toList(), "banking alone");
        assertEquals(
                List.of(3, 3),
                parse("compare.tests", "ping,throughput").specs().stream()
                        .map(TestSpec::repeats)
                        .toList(),
                "ping keeps its 3 runs when asked for");
        assertEquals(null, s.port(), "the preflight decides: 9180 unless a user's plan fixes one");
        assertEquals(9181, s.remotePort());
        assertEquals(600, s.lockWaitSeconds());
    }

    @Test
    void leftOutRunsAreReplacedTwiceAtMostButInTheSmokeProfileAndWithinTheirBound() {
        assertEquals(2, parse().replaceLeftOut());
        assertEquals(0, parse("compare.profile", "smoke").replaceLeftOut(), "smoke keeps its flagged runs");
        assertEquals(5, parse("compare.replaceLeftOut", "5").replaceLeftOut());
        refused("compare.replaceLeftOut", "compare.replaceLeftOut", "6");
        refused("compare.replaceLeftOut", "compare.replaceLeftOut", "-1");
    }

    @Test
    void jmetersDashboardIsLeftOutOfTheQuickProfileUnlessAskedFor() {
        assertEquals(CompareSettings.Dashboards.NONE, parse().dashboards(), "the default, quick");
        assertEquals(
                CompareSettings.Dashboards.FIRST,
                parse("compare.profile", "rigorous").dashboards());
        assertEquals(
                CompareSettings.Dashboards.FIRST,
                parse("compare.profile", "smoke").dashboards());
        assertEquals(
                CompareSettings.Dashboards.FIRST,
                parse("compare.jmeterDashboards", "first").dashboards());
        refused("compare.jmeterDashboards is first, all or none", "compare.jmeterDashboards", "some");
    }

    @Test
    void aTransferNeedsTwoAccounts() {
        assertEquals(2, parse("compare.accounts", "2").accounts());
        // the app refuses a transfer to the account it comes from: with one account, every transfer
        refused("compare.accounts must be from 2 to 1000000, not 1", "compare.accounts", "1");
    }

    @Test
    void theSequentialDesignIsOptInAndDecidesTheRunsItself() {
        assertEquals(false, parse().sequential());
        assertEquals(
                true,
                parse("compare.sequential", "true", "compare.profile", "rigorous")
                        .sequential());
        refused("compare.sequential is true or false, not 'yes'", "compare.sequential", "yes");
        refused(
                "compare.sequential decides how many runs a test gets; the smoke profile sets its own",
                "compare.sequential",
                "true",
                "compare.profile",
                "smoke");
        refused(
                "compare.sequential decides how many runs a test gets; drop compare.repeats",
                "compare.sequential",
                "true",
                "compare.repeats",
                "5");
        refused(
                "compare.sequential decides how many runs a test gets; drop compare.ping.repeats",
                "compare.tests",
                "ping,throughput",
                "compare.sequential",
                "true",
                "compare.ping.repeats",
                "5");
    }

    @Test
    void aSharedJvmIsOptIn() {
        assertEquals(false, parse().sharedJvm());
        assertEquals(true, parse("compare.sharedJvm", "true").sharedJvm());
        refused("compare.sharedJvm is true or false, not 'yes'", "compare.sharedJvm", "yes");
    }

    @Test
    void theCompilePhaseBorrowsTheLoadCpusOnlyWhereTheServerHasItsOwn() {
        assertEquals(true, parse().compileOnAllCpus(), "by default where the server has CPUs of its own");
        assertEquals(false, parse("compare.compileOnAllCpus", "false").compileOnAllCpus());
        assertEquals(false, parse("compare.serverCpus", "all").compileOnAllCpus(), "none to lend where shared");
        refused(
                "compare.compileOnAllCpus lends the load CPUs to the server's compile phase; here the server and the"
                        + " load share their CPUs",
                "compare.compileOnAllCpus",
                "true",
                "compare.serverCpus",
                "all");
    }

    @Test
    void aMistypedSettingIsRefusedWithTheNearestKnownOne() {
        refused(
                "compare.repeat is not a setting of the comparison; did you mean compare.repeats?",
                "compare.repeat",
                "3");
        refused("compare.serverCPUs is not a setting", "compare.serverCPUs", "0");
    }

    @Test
    void aPerTestSettingForATestThatDoesNotRunIsRefused() {
        refused("compare.ramp-up.repeats: ramp-up is not among the tests that run", "compare.ramp-up.repeats", "5");
        refused("compare.soak.THREADS: soak is not among the tests that run", "compare.soak.THREADS", "5");
        assertEquals(
                5,
                parse("compare.tests", "ping,ramp-up", "compare.ramp-up.repeats", "5")
                        .specs()
                        .get(1)
                        .repeats());
    }

    @Test
    void aTestNamedTwiceIsRefused() {
        refused("compare.tests: each test once", "compare.tests", "ping,ping");
    }

    @Test
    void countsAndDurationsOfZeroAreRefused() {
        refused("STEPS must be from 1 to 50, not 0", "compare.STEPS", "0");
        refused("THREADS must be from 1 to 10000, not 0", "compare.THREADS", "0");
        refused("DURATION must be from 1 to 3600, not 0", "compare.DURATION", "0");
        refused("RATE must be from 1 to 20000, not 0", "compare.tests", "throughput-open", "compare.RATE", "0");
        refused("ACCOUNTS must be from 2 to 1000000", "compare.ACCOUNTS", "1");
        refused("CONNECT_TIMEOUT_MS must be a whole number", "compare.CONNECT_TIMEOUT_MS", "soon");
        refused("ARRIVALS is one of [random, even]", "compare.ARRIVALS", "poisson");
        refused("LABEL: letters, digits", "compare.LABEL", "a b");
    }

    @Test
    void thePortAndHostTheLabSetsCannotBeOverriddenAsJMeterProperties() {
        refused("compare.PORT: the lab sends the load to the server it starts", "compare.PORT", "9080");
        refused(
                "compare.ping.HOST: the lab sends the load",
                "compare.tests",
                "ping,throughput",
                "compare.ping.HOST",
                "example.com");
    }

    @Test
    void aPerTestValueWinsOverTheValueForEveryTestWhicheverComesFirst() {
        CompareSettings s =
                parse("compare.tests", "ping,throughput", "compare.THREADS", "20", "compare.ping.THREADS", "10");
        assertEquals("10", s.specs().get(0).props().get("THREADS"));
        assertEquals("20", s.specs().get(1).props().get("THREADS"));
    }

    @Test
    void portsHeapAndServerNameAreChecked() {
        refused("compare.port and compare.remotePort must differ", "compare.port", "9181");
        refused("compare.heap: 16m to 99999m or 1g to 999g", "compare.heap", "0m");
        refused("compare.server: a Liberty server name", "compare.server", "../../etc");
        refused("compare.port must be from 1024 to 65535", "compare.port", "80");
        refused("compare.lockWaitSeconds must be from 0 to 86400", "compare.lockWaitSeconds", "-1");
    }

    @Test
    void profilingIsOffUnlessAskedForAndItsKnobsAreBounded() {
        assertEquals(0, parse().cpuProfile().profiledRuns());
        CompareSettings on = parse("compare.cpuProfile", "true");
        assertEquals(2, on.cpuProfile().profiledRuns());
        assertEquals(10, on.cpuProfile().interval().toMillis());
        CompareSettings tuned = parse(
                "compare.cpuProfile", "true", "compare.cpuProfile.runs", "10", "compare.cpuProfile.intervalMs", "1");
        assertEquals(10, tuned.cpuProfile().runs());
        assertEquals(1, tuned.cpuProfile().interval().toMillis());
        refused("compare.cpuProfile is true or false, not 'on'", "compare.cpuProfile", "on");
        refused(
                "compare.cpuProfile.runs must be from 1 to 10, not 11",
                "compare.cpuProfile",
                "true",
                "compare.cpuProfile.runs",
                "11");
        refused(
                "compare.cpuProfile.intervalMs must be from 1 to 1000, not 0",
                "compare.cpuProfile",
                "true",
                "compare.cpuProfile.intervalMs",
                "0");
        refused(
                "compare.cpuProfile.runs applies to profiled runs: add -Dcompare.cpuProfile=true",
                "compare.cpuProfile.runs",
                "3");
    }
}
