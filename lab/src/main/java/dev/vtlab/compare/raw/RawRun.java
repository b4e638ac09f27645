package dev.vtlab.compare.raw;

import java.nio.file.Path;
import java.util.List;

/**
 * One run's raw data as the run left it: what ran, JMeter's samples, and the server's per-second samples; for a
 * profiled run its JFR recording (null otherwise), which the profile library reads.
 */
public record RawRun(RunRecord record, List<Jtl.Sample> jtl, List<ServerSample> samples, Path recording) {

    /** A measured run's. */
    public RawRun(RunRecord record, List<Jtl.Sample> jtl, List<ServerSample> samples) {
        this(record, jtl, samples, null);
    }
}
