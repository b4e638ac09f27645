package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AttributionTest {

    private final Attribution vtlab = new Attribution(Attribution.VTLAB_APP);

    private Bucket of(String... frames) {
        return vtlab.of("Default Executor-thread-1", List.of(frames));
    }

    @Test
    void theTopFrameTheTableKnowsDecides() {
        assertEquals(
                Bucket.APPLICATION,
                of("dev.vtlab.banking.RiskModel.sign", "org.jboss.resteasy.core.MethodInjectorImpl.invoke"));
        assertEquals(
                Bucket.JAX_RS,
                of(
                        "org.jboss.resteasy.core.MethodInjectorImpl.invoke",
                        "com.ibm.ws.webcontainer.WebContainer.handleRequest"));
    }

    @Test
    void jdkFramesAreChargedToTheirCaller() {
        assertEquals(
                Bucket.CDI, of("java.util.HashMap.get", "java.util.HashMap.getNode", "org.jboss.weld.bean.Foo.create"));
        assertEquals(
                Bucket.HTTP,
                of("sun.nio.ch.SocketDispatcher.writev0", "com.ibm.ws.tcpchannel.internal.NioSocketIOChannel.write"));
        // a package the table does not know is passed over too
        assertEquals(Bucket.APPLICATION, of("com.google.gson.Gson.toJson", "dev.vtlab.banking.BankViews.render"));
    }

    @Test
    void theLongestPrefixWins() {
        assertEquals(Bucket.JAX_RS, of("io.openliberty.org.jboss.resteasy.common.Foo.bar"));
        assertEquals(Bucket.LIBERTY_OTHER, of("io.openliberty.security.Foo.bar"));
        assertEquals(Bucket.LIBERTY_OTHER, of("io.openliberty.http.monitor.ServletFilter.doFilter"));
        assertEquals(Bucket.HTTP, of("io.openliberty.http.internal.Foo.bar"));
        assertEquals(Bucket.SERVLET, of("com.ibm.ws.webcontainer40.servlet.CacheServletWrapper40.handleRequest"));
        // vtlab's Liberty feature takes the Default Executor's place: Liberty's threading, not the application
        assertEquals(Bucket.LIBERTY_THREADING, of("dev.vtlab.liberty.executor.VirtualThreadTaskInterceptor.run"));
    }

    @Test
    void theVirtualThreadMachineryIsABucketOfItsOwn() {
        assertEquals(
                Bucket.VIRTUAL_THREADS,
                of(
                        "jdk.internal.vm.Continuation.yield0",
                        "java.lang.VirtualThread.park",
                        "java.util.concurrent.locks.LockSupport.park",
                        "dev.vtlab.remote.RemoteClient.call"));
        assertEquals(Bucket.VIRTUAL_THREADS, of("java.util.concurrent.ForkJoinPool.awaitWork"));
        assertEquals(Bucket.VIRTUAL_THREADS, of("java.lang.Thread.start0", "java.lang.Thread.start", "dev.vtlab.X.y"));
        assertEquals(Bucket.VIRTUAL_THREADS, of("java.lang.Thread.startVirtualThread"));
        assertEquals(Bucket.JDK, of("java.lang.Thread.getAndClearInterrupt"));
    }

    @Test
    void stacksTheTableDoesNotKnowAreJdkOrOther() {
        assertEquals(
                Bucket.JDK, of("jdk.internal.net.http.HttpClientImpl$SelectorManager.run", "java.lang.Thread.run"));
        assertEquals(Bucket.OTHER, of("com.example.Unknown.run"));
        assertEquals(Bucket.OTHER, of());
        // the comparison's and the profiler's own code never count as the application
        assertEquals(Bucket.OTHER, of("dev.vtlab.compare.Compare.main"));
    }

    @Test
    void theJvmsOwnThreadsGoByName() {
        assertEquals(Bucket.GC, vtlab.of("GC Thread#0", List.of()));
        assertEquals(Bucket.GC, vtlab.of("G1 Conc#0", List.of()));
        assertEquals(Bucket.JIT, vtlab.of("C2 CompilerThread0", List.of("dev.vtlab.X.y")));
        assertEquals(Bucket.JIT, vtlab.of("C1 CompilerThre", List.of())); // as /proc truncates it
        assertEquals(Bucket.JVM, vtlab.of("VM Thread", List.of()));
        assertEquals(Optional.empty(), Attribution.ofThread("Default Executor-thread-7"));
        assertEquals(Optional.empty(), Attribution.ofThread(""));
    }

    @Test
    void aUsersPackagesAreTheApplication() {
        Attribution shop = new Attribution(Set.of("com.example.shop."));
        assertEquals(Bucket.APPLICATION, shop.of("t", List.of("com.example.shop.Cart.total")));
        assertEquals(Bucket.OTHER, shop.of("t", List.of("dev.vtlab.banking.RiskModel.sign")));
    }

    @Test
    void aUsersPackagesAreItsClassesPackagesLessWhatTheTableKnows() {
        assertEquals(
                Set.of("com.example.shop.", "org.acme."),
                Attribution.appPackages(List.of(
                        "com/example/shop/Cart.class",
                        "com/example/shop/web/CartServlet.class",
                        "com.example.shop.db.Repo",
                        "org/acme/Util.class",
                        "dev/vtlab/liberty/FeatureContract.class", // the table's Liberty threading
                        "jakarta/servlet/Patched.class",
                        "Default.class")));
        assertEquals(Set.of(), Attribution.appPackages(List.of()));
    }

    @Test
    void aSiteIsTheFirstPackageOutsideTheJdkAfterTheJdkClassTheCpuWasIn() {
        assertEquals(
                "sun.nio.ch.EPoll ← com.ibm.ws.tcpchannel.internal",
                Attribution.site(List.of(
                        "sun.nio.ch.EPoll.wait",
                        "sun.nio.ch.EPollSelectorImpl.doSelect",
                        "com.ibm.ws.tcpchannel.internal.NBAccept.run",
                        "java.lang.Thread.run")));
        assertEquals(
                "com.ibm.ws.context.service",
                Attribution.site(
                        List.of("com.ibm.ws.context.service.ContextServiceImpl.capture", "java.lang.Thread.run")));
        assertEquals("java.util.HashMap", Attribution.site(List.of("java.util.HashMap.get", "java.lang.Thread.run")));
        assertEquals("(no stack)", Attribution.site(List.of()));
    }
}
