package dev.vtlab.profile;

import java.util.List;

/**
 * Where a CPU sample is charged, in the categories a Liberty engineer reads a profile in: the one table
 * of the attribution rule ({@link Attribution}). A bucket is recognised either by its frames (prefixes of
 * {@code class.method}, e.g. {@code com.ibm.ws.http.} or {@code java.lang.Thread.start}) or by its
 * thread's name (the JVM's own threads, which run no Java frames). {@link #APPLICATION}'s prefixes are the
 * application's packages, given per analysis; {@link #JDK} and {@link #OTHER} only take what no other
 * bucket recognises.
 */
public enum Bucket {
    APPLICATION("application", Kind.FRAMES),
    HTTP(
            "Liberty HTTP channel",
            Kind.FRAMES,
            "com.ibm.ws.http.",
            "com.ibm.wsspi.http.",
            "com.ibm.ws.tcpchannel.",
            "com.ibm.wsspi.tcpchannel.",
            "com.ibm.ws.channelfw.",
            "com.ibm.wsspi.channelfw.",
            "com.ibm.io.async.",
            "com.ibm.ws.bytebuffer.",
            "com.ibm.wsspi.bytebuffer.",
            "com.ibm.ws.genericbnf.",
            "io.openliberty.http.",
            "io.netty."),
    SERVLET(
            "servlet container",
            Kind.FRAMES,
            "com.ibm.ws.webcontainer",
            "com.ibm.wsspi.webcontainer",
            "com.ibm.ws.jsp",
            "io.openliberty.webcontainer",
            "jakarta.servlet."),
    JAX_RS(
            "JAX-RS",
            Kind.FRAMES,
            "org.jboss.resteasy.",
            "io.openliberty.org.jboss.resteasy.",
            "io.openliberty.restfulws",
            "com.ibm.ws.jaxrs",
            "jakarta.ws.rs."),
    JSON("JSON", Kind.FRAMES, "org.eclipse.parsson.", "org.eclipse.yasson.", "jakarta.json."),
    CDI("CDI", Kind.FRAMES, "org.jboss.weld.", "com.ibm.ws.cdi.", "io.openliberty.cdi.", "jakarta.enterprise."),
    VIRTUAL_THREADS(
            "virtual threads, continuations, thread start",
            Kind.FRAMES,
            "java.util.concurrent.ForkJoin",
            "java.lang.VirtualThread",
            "java.lang.ThreadBuilders$VirtualThread",
            "java.lang.Thread.start",
            "jdk.internal.vm.Continuation",
            "jdk.internal.vm.StackChunk",
            "jdk.internal.misc.CarrierThread"),
    /** Liberty's executor and, in the executor-virtual and pool-virtual-workers modes, vtlab's feature in its place. */
    LIBERTY_THREADING(
            "Liberty threading",
            Kind.FRAMES,
            "com.ibm.ws.threading.",
            "com.ibm.wsspi.threading.",
            "io.openliberty.threading.",
            "dev.vtlab.liberty."),
    /** The rest of Liberty: kernel, security, monitoring (its HTTP filter too), MicroProfile. */
    LIBERTY_OTHER(
            "Liberty (other)",
            Kind.FRAMES,
            "com.ibm.",
            "io.openliberty.",
            "io.openliberty.http.monitor.",
            "io.smallrye.",
            "org.eclipse.osgi.",
            "org.apache.felix.",
            "org.osgi."),
    GC("GC", Kind.THREADS, "GC Thread", "G1 ", "ZWorker", "ZDriver", "ZDirector", "Shenandoah"),
    JIT("JIT", Kind.THREADS, "C1 Compiler", "C2 Compiler", "JVMCI"),
    /** The JVM's other threads of its own (safepoints, JFR's sampler, monitor deflation), less the serial collector's pauses. */
    JVM(
            "JVM (other)",
            Kind.THREADS,
            "VM Thread",
            "VM Periodic",
            "Service Thread",
            "Monitor Deflati",
            "JFR ",
            "Notification Thr",
            "StrDedup"),
    /** Java's own library with no caller the table recognises (a JDK thread, or a stack that is all JDK). */
    JDK("JDK (other)", Kind.FALLBACK, "java.", "javax.", "jdk.", "sun.", "com.sun."),
    OTHER("other", Kind.FALLBACK);

    /** How a bucket is recognised. */
    enum Kind {
        FRAMES,
        THREADS,
        FALLBACK
    }

    private final String label;
    private final Kind kind;
    private final List<String> prefixes;

    Bucket(String label, Kind kind, String... prefixes) {
        this.label = label;
        this.kind = kind;
        this.prefixes = List.of(prefixes);
    }

    public String label() {
        return label;
    }

    Kind kind() {
        return kind;
    }

    /** Prefixes of {@code class.method} (FRAMES, JDK) or of the thread's name (THREADS). */
    List<String> prefixes() {
        return prefixes;
    }
}
