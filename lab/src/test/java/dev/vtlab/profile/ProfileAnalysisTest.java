package dev.vtlab.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On a recording of a real lab server in executor-virtual mode, loaded on ping, bank and /api/lab/pin. */
class ProfileAnalysisTest {

    @TempDir
    static Path dir;

    private static Recordings recording;
    private static Recordings poolRecording;
    private static Profile profile;

    @BeforeAll
    static void analyse() throws IOException {
        recording = Recordings.unpack(Recordings.EXECUTOR_VIRTUAL, dir);
        poolRecording = Recordings.unpack(Recordings.THREADPOOL, dir);
        profile = ProfileAnalysis.of(recording.jfr(), recording.window(), Attribution.VTLAB_APP);
    }

    private static List<RecordedEvent> events(String type, Window window) throws IOException {
        return RecordingFile.readAllEvents(recording.jfr()).stream()
                .filter(e -> e.getEventType().getName().equals(type) && window.contains(e.getStartTime()))
                .toList();
    }

    @Test
    void everySampleOfTheWindowIsInOneBucket() throws IOException {
        assertEquals(events("jdk.CPUTimeSample", recording.window()).size(), profile.totalSamples());
        assertEquals(Bucket.values().length, profile.samples().size());
        assertTrue(profile.totalSamples() > 500, "samples: " + profile.totalSamples());
        // the parts of a Liberty request each have their share; nothing is left unrecognised
        for (Bucket b : List.of(
                Bucket.APPLICATION,
                Bucket.HTTP,
                Bucket.SERVLET,
                Bucket.JAX_RS,
                Bucket.JSON,
                Bucket.CDI,
                Bucket.VIRTUAL_THREADS,
                Bucket.LIBERTY_THREADING,
                Bucket.LIBERTY_OTHER,
                Bucket.JDK)) {
            assertTrue(profile.samples().get(b) > 0, b + " in " + profile.samples());
        }
        assertEquals(0, profile.samples().get(Bucket.OTHER), profile.samples().toString());
    }

    @Test
    void windowsReadInOnePassAreTheWindowsReadOneByOne() throws IOException {
        Window w = recording.window();
        long third = (w.endEpochMs() - w.startEpochMs()) / 3;
        // a gap between the two: its events belong to neither
        Window first = new Window(w.startEpochMs(), w.startEpochMs() + third);
        Window last = new Window(w.startEpochMs() + 2 * third, w.endEpochMs());
        List<Profile> both = ProfileAnalysis.of(recording.jfr(), List.of(first, last), Attribution.VTLAB_APP);
        for (int i = 0; i < 2; i++) {
            Window one = i == 0 ? first : last;
            Profile alone = ProfileAnalysis.of(recording.jfr(), one, Attribution.VTLAB_APP);
            assertEquals(events("jdk.CPUTimeSample", one).size(), both.get(i).totalSamples());
            assertEquals(alone.sampledNanos(), both.get(i).sampledNanos());
            assertEquals(alone.gc(), both.get(i).gc());
            assertEquals(one, both.get(i).window());
        }
        assertTrue(both.get(0).totalSamples() + both.get(1).totalSamples() < profile.totalSamples());
    }

    @Test
    void theBucketsAddUpToTheMeasuredCpu() {
        Map<Bucket, Double> us = profile.cpuMicrosPerRequest(recording.cpuSeconds(), recording.requests());
        double total = us.values().stream().mapToDouble(Double::doubleValue).sum();
        assertEquals(recording.cpuSeconds() * 1e6 / recording.requests(), total, 1e-6);
        // the JVM's own threads come from their measured CPU, not from samples (JFR takes none of them)
        assertTrue(profile.threadCpu().measured());
        assertTrue(us.get(Bucket.JIT) > 0 && us.get(Bucket.GC) > 0, us.toString());
    }

    @Test
    void eachSampleByItsOwnPeriodTheSamplesAndTheJvmThreadsAccountForTheMeasuredCpu() throws IOException {
        for (Recordings r : List.of(recording, poolRecording)) {
            Profile p = ProfileAnalysis.of(r.jfr(), r.window(), Attribution.VTLAB_APP);
            // the recordings sampled at 10 ms; a lost sample stood for at least that. Counting each sample as 10 ms
            // accounted for 95 % and 91 % of these recordings' CPU; by their own periods, 98 % and 96 %
            double sampled = p.totalSampledNanos() / 1e9 + p.lostSamples() * 0.010;
            double jvm = p.threadCpu().jvmThreadNanos(r.window()).values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum()
                    / 1e9;
            double coverage = (sampled + jvm) / r.cpuSeconds();
            assertTrue(coverage > 0.9 && coverage < 1.1, r.jfr() + ": " + coverage);
            assertTrue(p.totalSampledNanos() > p.totalSamples() * 10_000_000L, "some samples stood for two periods");
        }
    }

    @Test
    void theSamplerSeesTheVirtualThreadsThemselves() {
        // in executor-virtual mode every request runs on a virtual thread: most samples are theirs
        assertTrue(
                profile.virtualThreadSamples() > profile.totalSamples() / 2,
                profile.virtualThreadSamples() + " of " + profile.totalSamples());
    }

    @Test
    void thePoolsRunHasNoVirtualThreads() throws IOException {
        Recordings tp = poolRecording;
        Profile pool = ProfileAnalysis.of(tp.jfr(), tp.window(), Attribution.VTLAB_APP);
        assertEquals(0, pool.virtualThreadSamples());
        assertEquals(0, pool.samples().get(Bucket.VIRTUAL_THREADS));
        assertEquals(0, pool.allocation().stackChunkBytes());
        // /api/lab/pin only blocks a pool thread there
        assertEquals(0, pool.pinning().count());
        Map<Bucket, Double> us = pool.cpuMicrosPerRequest(tp.cpuSeconds(), tp.requests());
        assertEquals(
                tp.cpuSeconds() * 1e6 / tp.requests(),
                us.values().stream().mapToDouble(Double::doubleValue).sum(),
                1e-6);
    }

    @Test
    void thePinningEndpointsStackIsFound() {
        Profile.PinnedStack top = profile.pinning().stacks().get(0);
        assertTrue(top.reason().contains("dev.vtlab.experiments.PinningClinit.<clinit>"), top.reason());
        assertTrue(
                top.frames().stream().anyMatch(f -> f.startsWith("dev.vtlab.experiments.PinResource.lambda$pin$")),
                top.frames().toString());
        // one site, whichever hidden class each pin defined: 20 ms each, twice a second
        assertTrue(top.count() >= 20, "count " + top.count());
        assertTrue(top.nanos() >= top.count() * 20_000_000L, "nanos " + top.nanos());
        assertEquals(
                profile.pinning().count(),
                profile.pinning().stacks().stream()
                        .mapToLong(Profile.PinnedStack::count)
                        .sum());
    }

    @Test
    void theRestOfTheWindowIsSummarised() throws IOException {
        assertEquals(
                events("jdk.GarbageCollection", recording.window()).size(),
                profile.gc().count());
        assertTrue(profile.gc().pauseNanos() > 0);
        assertTrue(profile.allocation().bytes() > profile.allocation().stackChunkBytes());
        assertTrue(profile.allocation().stackChunkBytes() > 0, "virtual threads' frames are allocated");
        assertEquals(
                events("jdk.Compilation", recording.window()).size(),
                profile.jit().count());
        assertEquals(0, profile.submitFailed());
        assertTrue(profile.contextSwitchesPerS() > 0);
    }

    private static volatile Object sink;

    /** The only place direct buffers are allocated while {@link #directBuffersAreFoundWhereTheyWereAllocated} records. */
    private static void allocateDirectBuffers(int n) {
        for (int i = 0; i < n; i++) {
            sink = ByteBuffer.allocateDirect(16);
        }
    }

    private static void allocateArrays(int n) {
        for (int i = 0; i < n; i++) {
            sink = new byte[64];
        }
    }

    @Test
    void directBuffersAreFoundWhereTheyWereAllocated(@TempDir Path tmp) throws IOException {
        // a recording of this JVM, where the test knows which method allocates direct buffers and which does not
        Path jfr = tmp.resolve("buffers.jfr");
        long start = System.currentTimeMillis();
        try (Recording r = new Recording()) {
            r.enable("jdk.ObjectAllocationSample").with("throttle", "10000/s").withStackTrace();
            r.start();
            allocateArrays(1_000_000);
            // a million buffers left no buffer among the samples in one run of four (a sample goes to the object that
            // fills a TLAB, most often a buffer's Cleaner or Deallocator); four million: none in eight runs
            allocateDirectBuffers(4_000_000);
            r.stop();
            r.dump(jfr);
        }
        Profile p = ProfileAnalysis.of(jfr, new Window(start, System.currentTimeMillis() + 1), Attribution.VTLAB_APP);
        Profile.Allocation a = p.allocation();
        assertFalse(a.directBufferSites().isEmpty(), "direct buffers' allocations were sampled");
        assertEquals(
                a.directBufferBytes(),
                a.directBufferSites().stream()
                        .mapToLong(Profile.AllocationSite::bytes)
                        .sum());
        assertTrue(a.directBufferBytes() < a.bytes(), "the arrays are allocations, but no direct buffers");
        String here = ProfileAnalysisTest.class.getName() + ".allocateDirectBuffers:";
        String arrays = ProfileAnalysisTest.class.getName() + ".allocateArrays:";
        long ours = 0;
        for (Profile.AllocationSite site : a.directBufferSites()) {
            assertTrue(site.frames().size() <= ProfileAnalysis.ALLOCATION_FRAMES, site.toString());
            assertTrue(site.frames().get(0).startsWith("java.nio."), "the JDK's frame on top: " + site);
            assertTrue(site.frames().stream().noneMatch(f -> f.startsWith(arrays)), "no array is a buffer: " + site);
            ours += site.frames().stream().anyMatch(f -> f.startsWith(here)) ? site.bytes() : 0;
        }
        // another thread of this JVM (the test runner's) may allocate a buffer of its own meanwhile, but not many
        assertTrue(ours >= 0.9 * a.directBufferBytes(), ours + " of " + a.directBufferBytes() + " bytes");
        Profile.AllocationSite most = a.directBufferSites().get(0);
        assertTrue(most.frames().get(0).startsWith("java.nio.ByteBuffer.allocateDirect:"), most.toString());
        assertTrue(most.frames().stream().anyMatch(f -> f.startsWith(here)), most.toString());
        assertTrue(a.directBufferSites().stream().allMatch(s -> s.bytes() <= most.bytes()), "the most bytes first");
    }

    @Test
    void onlyTheWindowCounts() throws IOException {
        Window w = recording.window();
        Window firstHalf = new Window(w.startEpochMs(), (w.startEpochMs() + w.endEpochMs()) / 2);
        Profile half = ProfileAnalysis.of(recording.jfr(), firstHalf, Attribution.VTLAB_APP);
        assertEquals(events("jdk.CPUTimeSample", firstHalf).size(), half.totalSamples());
        assertTrue(half.totalSamples() < profile.totalSamples());
    }

    @Test
    void aRecordedRequestIsChargedWhereItsTopFrameIs() throws IOException {
        Attribution rule = new Attribution(Attribution.VTLAB_APP);
        List<String> app = firstSample(frames -> frames.get(0).startsWith("dev.vtlab.banking."));
        assertEquals(Bucket.APPLICATION, rule.of("", app));
        // the JDK at the top, called by RESTEasy: RESTEasy's
        List<String> jdkUnderResteasy = firstSample(frames -> frames.get(0).startsWith("java.")
                && frames.stream().filter(f -> !isJdk(f)).findFirst().orElse("").startsWith("org.jboss.resteasy."));
        assertEquals(Bucket.JAX_RS, rule.of("", jdkUnderResteasy), jdkUnderResteasy.toString());
    }

    private static boolean isJdk(String frame) {
        return frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.");
    }

    /** The frames of the window's first sample that {@code test} takes. */
    private static List<String> firstSample(Predicate<List<String>> test) throws IOException {
        for (RecordedEvent e : events("jdk.CPUTimeSample", recording.window())) {
            List<String> frames = ProfileAnalysis.frames(e.getStackTrace());
            if (!frames.isEmpty() && test.test(frames)) {
                return frames;
            }
        }
        throw new AssertionError("no such sample");
    }

    /** CPU samples of the window with a thread-local filled on their stack, counted from the events themselves. */
    private static long firstUses(Recordings r) throws IOException {
        return RecordingFile.readAllEvents(r.jfr()).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.CPUTimeSample")
                        && r.window().contains(e.getStartTime())
                        && e.getStackTrace() != null
                        && e.getStackTrace().getFrames().stream()
                                .anyMatch(f -> f.getMethod().getName().equals("setInitialValue")
                                        && f.getMethod().getType().getName().equals("java.lang.ThreadLocal")))
                .mapToLong(e -> e.getDuration("samplingPeriod").toNanos())
                .sum();
    }

    @Test
    void threadLocalsFilledOnEachNewVirtualThreadAreCountedAndThePoolsThreadsFillThemRarely() throws IOException {
        assertEquals(firstUses(recording), profile.firstUseNanos());
        Recordings tp = poolRecording;
        Profile pool = ProfileAnalysis.of(tp.jfr(), tp.window(), Attribution.VTLAB_APP);
        assertEquals(firstUses(tp), pool.firstUseNanos());
        double ev = profile.firstUseNanos() / (double) profile.totalSampledNanos();
        double tpShare = pool.firstUseNanos() / (double) pool.totalSampledNanos();
        assertTrue(ev > 0.01, "executor-virtual: " + profile.firstUseNanos() + " of " + profile.totalSampledNanos());
        assertTrue(ev > 3 * tpShare, "executor-virtual " + ev + " against the pool's " + tpShare);
    }
}
