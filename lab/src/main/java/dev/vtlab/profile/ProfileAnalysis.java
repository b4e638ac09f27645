package dev.vtlab.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/** Reads a recording of {@link ProfileRecorder} into a {@link Profile} of one window. */
public final class ProfileAnalysis {

    /** Frames of a pinned stack that tell one pinning site from another: the blocking call and its callers. */
    static final int PINNED_FRAMES = 16;

    private static final String STACK_CHUNK = "jdk.internal.vm.StackChunk";
    /** The thread the serial collector collects on (its name as the OS has it). */
    private static final String VM_THREAD = "VM Thread";

    /** A direct buffer's object on the heap: its native memory is allocated with it, and freed after a collection. */
    static final String DIRECT_BUFFER = "java.nio.DirectByteBuffer";

    /**
     * Frames of a direct buffer's allocation that tell one site from another: the JDK's own on top, which say whether
     * it was a new buffer ({@code ByteBuffer.allocateDirect}) or a view of one ({@code slice}, {@code duplicate}), then
     * its callers.
     */
    static final int ALLOCATION_FRAMES = 10;

    /** A hidden class's (or lambda's) address in its name, new for each class defined: no part of a pinning site. */
    private static final String HIDDEN_CLASS_ADDRESS = "[./]0x[0-9a-f]+";

    private record PinnedSite(String reason, String blockingOperation, List<String> frames) {}

    private final Attribution attribution;
    private final Map<Bucket, Long> samples = new EnumMap<>(Bucket.class);
    private final Map<Bucket, Long> sampledNanos = new EnumMap<>(Bucket.class);
    private long virtualThreadSamples;
    private long firstUseNanos;
    private long lostSamples;
    private long gcCount;
    private long gcPauseNanos;
    private long vmThreadGcPauseNanos;
    private final Map<String, Long> siteNanos = new HashMap<>();
    private long allocatedBytes;
    private long stackChunkBytes;
    /** Samples and bytes of direct buffers' objects by the frames that allocated them. */
    private final Map<List<String>, long[]> directBuffers = new LinkedHashMap<>();

    private long compilations;
    private long compilationNanos;
    /** Count and nanoseconds of each pinning site. */
    private final Map<PinnedSite, long[]> pinned = new LinkedHashMap<>();

    private long submitFailed;
    private double switchRateSum;
    private long switchRateReadings;

    private ProfileAnalysis(Set<String> appPackages) {
        this.attribution = new Attribution(appPackages);
        for (Bucket b : Bucket.values()) {
            samples.put(b, 0L);
            sampledNanos.put(b, 0L);
        }
    }

    /**
     * @param recording   a recording of {@link ProfileRecorder} (its thread CPU file beside it, if any)
     * @param window      the measured window; events that started outside it are left out
     * @param appPackages the application's package prefixes ({@link Attribution#VTLAB_APP} for vtlab's own)
     */
    public static Profile of(Path recording, Window window, Set<String> appPackages) throws IOException {
        return of(recording, List.of(window), appPackages).get(0);
    }

    /**
     * One profile for each of {@code windows}, from one pass over the recording: the crossover design's slices, each
     * a window of one mode.
     *
     * @param windows in time order, none overlapping another
     */
    public static List<Profile> of(Path recording, List<Window> windows, Set<String> appPackages) throws IOException {
        for (int i = 1; i < windows.size(); i++) {
            if (windows.get(i).startEpochMs() < windows.get(i - 1).endEpochMs()) {
                throw new IllegalArgumentException("windows overlap or are out of order at " + i + ": " + windows);
            }
        }
        List<ProfileAnalysis> analyses = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            analyses.add(new ProfileAnalysis(appPackages));
        }
        long[] starts = windows.stream().mapToLong(Window::startEpochMs).toArray();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                int i = Arrays.binarySearch(starts, e.getStartTime().toEpochMilli());
                i = i >= 0 ? i : -i - 2; // the last window that starts at or before the event
                if (i >= 0 && windows.get(i).contains(e.getStartTime())) {
                    analyses.get(i).add(e);
                }
            }
        }
        ThreadCpu threads = ThreadCpu.read(ProfileRecorder.threadCpuFile(recording));
        List<Profile> profiles = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            profiles.add(analyses.get(i).profile(windows.get(i), threads));
        }
        return List.copyOf(profiles);
    }

    private Profile profile(Window window, ThreadCpu threads) {
        List<Profile.PinnedStack> stacks = new ArrayList<>();
        pinned.forEach((site, n) -> stacks.add(
                new Profile.PinnedStack(site.reason(), site.blockingOperation(), site.frames(), n[0], n[1])));
        stacks.sort(Comparator.comparingLong(Profile.PinnedStack::count).reversed());
        long pinnedCount = stacks.stream().mapToLong(Profile.PinnedStack::count).sum();
        long pinnedNanos = stacks.stream().mapToLong(Profile.PinnedStack::nanos).sum();
        return new Profile(
                window,
                samples,
                sampledNanos,
                virtualThreadSamples,
                firstUseNanos,
                lostSamples,
                threads,
                new Profile.Gc(gcCount, gcPauseNanos, vmThreadGcPauseNanos),
                new Profile.Allocation(allocatedBytes, stackChunkBytes, Profile.AllocationSite.ranked(directBuffers)),
                new Profile.Jit(compilations, compilationNanos),
                new Profile.Pinning(pinnedCount, pinnedNanos, stacks),
                submitFailed,
                switchRateReadings == 0 ? 0 : switchRateSum / switchRateReadings,
                siteNanos);
    }

    private void add(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            case "jdk.CPUTimeSample" -> addSample(e);
            case "jdk.CPUTimeSamplesLost" -> lostSamples += e.getInt("lostSamples");
            case "jdk.GarbageCollection" -> {
                gcCount++;
                long pause = e.getDuration("sumOfPauses").toNanos();
                gcPauseNanos += pause;
                RecordedThread thread = e.getThread();
                if (thread != null && VM_THREAD.equals(thread.getOSName())) {
                    vmThreadGcPauseNanos += pause;
                }
            }
            case "jdk.ObjectAllocationSample" -> {
                long weight = e.getLong("weight");
                allocatedBytes += weight;
                RecordedClass type = e.getClass("objectClass");
                if (type != null && STACK_CHUNK.equals(type.getName())) {
                    stackChunkBytes += weight;
                }
                if (type != null && DIRECT_BUFFER.equals(type.getName())) {
                    Profile.AllocationSite.add(directBuffers, sited(e.getStackTrace(), ALLOCATION_FRAMES), 1, weight);
                }
            }
            case "jdk.Compilation" -> {
                compilations++;
                compilationNanos += e.getDuration().toNanos();
            }
            case "jdk.VirtualThreadPinned" -> {
                PinnedSite site = new PinnedSite(
                        text(e, "pinnedReason").replaceAll(HIDDEN_CLASS_ADDRESS, ""),
                        text(e, "blockingOperation"),
                        sited(e.getStackTrace(), PINNED_FRAMES));
                long[] n = pinned.computeIfAbsent(site, k -> new long[2]);
                n[0]++;
                n[1] += e.getDuration().toNanos();
            }
            case "jdk.VirtualThreadSubmitFailed" -> submitFailed++;
            case "jdk.ThreadContextSwitchRate" -> {
                switchRateSum += e.getFloat("switchRate");
                switchRateReadings++;
            }
            default -> {
                // GC phases, CPU load and JFR's own events: in the recording for the flame graph's reader
            }
        }
    }

    private void addSample(RecordedEvent e) {
        RecordedThread thread = e.getThread();
        String name = thread == null || thread.getJavaName() == null ? "" : thread.getJavaName();
        if (thread != null && thread.isVirtual()) {
            virtualThreadSamples++;
        }
        List<String> frames = e.getBoolean("failed") ? List.of() : frames(e.getStackTrace());
        // the CPU this sample stands for: its period, longer when the thread's timer fired again before it was taken
        long nanos = e.getDuration("samplingPeriod").toNanos();
        Bucket bucket = attribution.of(name, frames);
        samples.merge(bucket, 1L, Long::sum);
        sampledNanos.merge(bucket, nanos, Long::sum);
        siteNanos.merge(Attribution.site(frames), nanos, Long::sum);
        if (frames.contains(Profile.FIRST_USE)) {
            firstUseNanos += nanos;
        }
    }

    /** {@code class.method} of each frame, the top first. */
    static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        List<String> frames = new ArrayList<>(stack.getFrames().size());
        for (RecordedFrame f : stack.getFrames()) {
            frames.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
        }
        return frames;
    }

    /** A string field of the event, empty when its JDK does not record it (pinnedReason is JDK 24's). */
    private static String text(RecordedEvent e, String field) {
        String value = e.hasField(field) ? e.getString(field) : null;
        return value == null ? "" : value;
    }

    /**
     * The top {@code limit} frames ({@code class.method:line}, the top first), hidden classes' addresses dropped so
     * one site reads the same in every JVM.
     */
    private static List<String> sited(RecordedStackTrace stack, int limit) {
        if (stack == null) {
            return List.of();
        }
        List<String> frames = new ArrayList<>();
        for (RecordedFrame f : stack.getFrames()) {
            if (frames.size() == limit) {
                break;
            }
            String line = f.getLineNumber() > 0 ? ":" + f.getLineNumber() : "";
            String type = f.getMethod().getType().getName().replaceAll(HIDDEN_CLASS_ADDRESS, "");
            frames.add(type + "." + f.getMethod().getName() + line);
        }
        return List.copyOf(frames);
    }
}
