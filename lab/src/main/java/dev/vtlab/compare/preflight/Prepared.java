package dev.vtlab.compare.preflight;

import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.compare.settings.Pace;
import dev.vtlab.measurement.MachineLock;
import java.nio.file.Path;
import java.util.List;

/**
 * A comparison that passed its preflight: the settings, what the machine resolved them to, and the machine lock
 * it holds until it is closed (none where a test starts the comparison's servers on their own).
 *
 * @param app the user's application as found on disk, or null for the lab's own tests
 * @param port the port the server listens on and JMeter sends to
 * @param java the java command that runs JMeter and the remote system (the comparison's own)
 * @param notes what the user should know before the runs, a line each
 * @param planNotes what the analysis cannot check in the user's plan (also shown in the report)
 * @param pace the pace a probe found for the user's URL ({@link #paced}), or null
 */
public record Prepared(
        CompareSettings settings,
        UserApp app,
        int port,
        Path jmeterHome,
        String java,
        List<String> notes,
        List<String> planNotes,
        MachineLock lock,
        Pace pace)
        implements AutoCloseable {

    /**
     * The same preflight with the URL's test at {@code pace}: what the runs and the record then hold. It shares this
     * one's lock, which the comparison closes once, through the preflight it opened.
     */
    public Prepared paced(Pace pace) {
        return new Prepared(
                settings.withSpecs(
                        settings.specs().stream().map(spec -> spec.paced(pace)).toList()),
                app,
                port,
                jmeterHome,
                java,
                notes,
                planNotes,
                lock,
                pace);
    }

    @Override
    public void close() throws Exception {
        if (lock != null) {
            lock.close();
        }
    }
}
