package dev.vtlab.compare.raw;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** JMeter's CSV results (JTL): one row per sample, the columns the analysis uses. */
public final class Jtl {

    /**
     * One sample: when it was sent (epoch ms), how long it took, its label and response code, the users
     * of its thread group and of all thread groups, and the JMeter thread (the user) that sent it.
     */
    public record Sample(
            long start,
            long elapsed,
            String label,
            String code,
            boolean success,
            int groupThreads,
            long testStart,
            int allThreads,
            String thread) {

        public long end() {
            return start + elapsed;
        }
    }

    private Jtl() {}

    public static List<Sample> read(Path jtl) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(jtl)) {
            String first = in.readLine();
            if (first == null) {
                return samples;
            }
            String[] header = splitCsv(first);
            int ts = column(header, "timeStamp"),
                    el = column(header, "elapsed"),
                    label = column(header, "label"),
                    code = column(header, "responseCode"),
                    ok = column(header, "success"),
                    grp = column(header, "grpThreads");
            // JMeter's test start, when the plan publishes it (-Jsample_variables=TESTSTART; the open-model plans)
            int testStart = List.of(header).indexOf("TESTSTART");
            int allThreads = List.of(header).indexOf("allThreads");
            int thread = List.of(header).indexOf("threadName");
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = splitCsv(line);
                if (f.length < header.length) {
                    continue; // a line JMeter was still writing when stopped
                }
                samples.add(new Sample(
                        Long.parseLong(f[ts]),
                        Long.parseLong(f[el]),
                        f[label],
                        f[code],
                        Boolean.parseBoolean(f[ok]),
                        Integer.parseInt(f[grp]),
                        testStart < 0 || !f[testStart].matches("[0-9]{1,19}") ? 0 : Long.parseLong(f[testStart]),
                        Integer.parseInt(f[allThreads < 0 ? grp : allThreads]),
                        thread < 0 ? "" : f[thread]));
            }
        }
        return samples;
    }

    private static int column(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("the JTL has no column " + name + ": " + String.join(",", header));
    }

    /** JMeter quotes a field holding a comma (e.g. a failure message). */
    public static String[] splitCsv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == ',' && !quoted) {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out.toArray(String[]::new);
    }
}
