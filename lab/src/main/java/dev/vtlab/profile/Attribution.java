package dev.vtlab.profile;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rule that charges a CPU sample to one {@link Bucket}, in this order:
 * <ol>
 * <li>a thread the JVM runs for itself (GC, JIT compiler, VM thread) is charged to its bucket by its name;
 * <li>else, walking from the top frame (where the CPU was) towards the thread's start, the first frame that
 * a bucket recognises decides; a frame belongs to the bucket with the longest prefix of its
 * {@code class.method} ({@code io.openliberty.org.jboss.resteasy.} is JAX-RS, not Liberty's other
 * {@code io.openliberty.}). Frames of the JDK's library and of packages the table does not know are passed
 * over, so a {@code HashMap.get} is charged to whoever called it (Weld, RESTEasy, the application), except
 * the JDK's own virtual-thread machinery ({@code ForkJoinPool}, {@code VirtualThread},
 * {@code Continuation}, {@code Thread.start}), which is a bucket of its own;
 * <li>else {@link Bucket#JDK} when the top frame is the JDK's, {@link Bucket#OTHER} otherwise (also a
 * sample without a stack).
 * </ol>
 */
public final class Attribution {

    /** vtlab's own application: everything under {@code dev.vtlab.} that runs in the server. */
    public static final Set<String> VTLAB_APP = Set.of("dev.vtlab.");

    /** vtlab's programs that never run in the server, never the application. */
    private static final List<String> NOT_APPLICATION = List.of("dev.vtlab.profile.", "dev.vtlab.compare.");

    /** A prefix of {@code class.method} and its bucket; none (null) for frames that are passed over. */
    private record Prefix(String prefix, Bucket bucket) {}

    /** Every frame prefix, longest first, so that the first match is the most specific one. */
    private final List<Prefix> framePrefixes;

    /** @param appPackages the application's package prefixes, e.g. {@code com.example.shop.} */
    public Attribution(Set<String> appPackages) {
        List<Prefix> prefixes = new ArrayList<>();
        for (String p : appPackages) {
            prefixes.add(new Prefix(p, Bucket.APPLICATION));
        }
        for (String p : NOT_APPLICATION) {
            prefixes.add(new Prefix(p, null));
        }
        for (Bucket b : Bucket.values()) {
            if (b.kind() == Bucket.Kind.FRAMES) {
                b.prefixes().forEach(p -> prefixes.add(new Prefix(p, b)));
            }
        }
        prefixes.sort(Comparator.comparingInt((Prefix p) -> p.prefix().length()).reversed());
        this.framePrefixes = List.copyOf(prefixes);
    }

    /**
     * A user's application's package prefixes, from the names of its own classes ({@code com/example/shop/Cart.class}
     * or {@code com.example.shop.Cart}): each class's package, less those the table already charges elsewhere (a
     * copy of a Liberty or Jakarta class, vtlab's feature contract) and those under another one of the list. Classes
     * of the default package name no package and are left out.
     */
    public static Set<String> appPackages(Collection<String> classNames) {
        Set<String> packages = new TreeSet<>();
        for (String name : classNames) {
            String dotted = name.replaceFirst("\\.class$", "").replace('/', '.');
            int last = dotted.lastIndexOf('.');
            if (last > 0) {
                packages.add(dotted.substring(0, last + 1));
            }
        }
        List<String> known = new ArrayList<>(NOT_APPLICATION);
        for (Bucket b : Bucket.values()) {
            if (b.kind() != Bucket.Kind.THREADS) {
                known.addAll(b.prefixes());
            }
        }
        packages.removeIf(p -> known.stream().anyMatch(p::startsWith));
        Set<String> roots = new TreeSet<>();
        for (String p : packages) {
            if (roots.stream().noneMatch(p::startsWith)) {
                roots.add(p); // sorted: a package comes after every prefix of it
            }
        }
        return roots;
    }

    /** The bucket of a JVM thread of its own (GC, JIT, VM), by its name; empty for a thread that runs Java. */
    public static Optional<Bucket> ofThread(String threadName) {
        for (Bucket b : Bucket.values()) {
            if (b.kind() == Bucket.Kind.THREADS && b.prefixes().stream().anyMatch(threadName::startsWith)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /**
     * @param threadName the sampled thread's name (a virtual thread's is often empty)
     * @param frames     {@code class.method} of each frame, the top (innermost) first
     */
    public Bucket of(String threadName, List<String> frames) {
        Optional<Bucket> jvmThread = ofThread(threadName);
        if (jvmThread.isPresent()) {
            return jvmThread.get();
        }
        for (String frame : frames) {
            Bucket b = ofFrame(frame);
            if (b != null) {
                return b;
            }
        }
        if (!frames.isEmpty() && isJdk(frames.get(0))) {
            return Bucket.JDK;
        }
        return Bucket.OTHER;
    }

    /** The frame's bucket, or null when it is passed over. */
    private Bucket ofFrame(String frame) {
        for (Prefix p : framePrefixes) {
            if (frame.startsWith(p.prefix())) {
                return p.bucket();
            }
        }
        return null;
    }

    /**
     * Where a sample's CPU went, finer than its bucket: the package of the first frame from the top outside the JDK's
     * library, and the JDK's class at the top when the CPU was there ({@code sun.nio.ch.EPoll ←
     * com.ibm.ws.tcpchannel.internal}); the top class alone when every frame is the JDK's.
     *
     * @param frames {@code class.method} of each frame, the top first
     */
    public static String site(List<String> frames) {
        if (frames.isEmpty()) {
            return "(no stack)";
        }
        String top = frames.get(0);
        for (String frame : frames) {
            if (!isJdk(frame)) {
                String caller = owner(owner(frame));
                return isJdk(top) ? owner(top) + " ← " + caller : caller;
            }
        }
        return owner(top);
    }

    /** {@code a.b.C.m} less its last part: a method's class, a class's package. */
    private static String owner(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static boolean isJdk(String frame) {
        return Bucket.JDK.prefixes().stream().anyMatch(frame::startsWith);
    }
}
