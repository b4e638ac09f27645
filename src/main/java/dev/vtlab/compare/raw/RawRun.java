package dev.vtlab.compare.raw;

import java.util.List;

/** One run's raw data as the run left it: what ran, JMeter's samples, and the server's per-second samples. */
public record RawRun(RunRecord record, List<Jtl.Sample> jtl, List<ServerSample> samples) {}
