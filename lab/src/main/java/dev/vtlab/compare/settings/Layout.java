package dev.vtlab.compare.settings;

import java.io.File;
import java.nio.file.Path;

/**
 * Where the build leaves what the lab runs, from the project's root: the one place that knows the modules' layout.
 * Relative paths in the lab's settings (compare.out, compare.join, ...) are the root's too.
 *
 * @param root the project's root (the directory with the parent pom)
 */
public record Layout(Path root) {

    /** The Liberty the app module lays out: its servers, vtlab's features, the comparison's server. */
    public Path wlp() {
        return root.resolve("app/target/liberty/wlp");
    }

    /** What each dispatch mode adds to a server (the lab's, or a copy of a user's). */
    public Path modesDir() {
        return root.resolve("app/server-config/modes");
    }

    /** The lab's own server configuration, which every comparison of the lab's app copies. */
    public Path serverXml() {
        return root.resolve("app/server-config/server.xml");
    }

    /** The lab's JMeter plans. */
    public Path plans() {
        return root.resolve("jmeter");
    }

    /** Where the app module's jmeter-configure execution records the JMeter it set up. */
    public Path jmeterConfig() {
        return root.resolve("app/target/config.json");
    }

    /** The lab's own classes, for the JVMs it starts from them (the CPU calibration). */
    public Path labClasses() {
        return root.resolve("lab/target/classes");
    }

    /** The remote system's classpath: its module's classes and the contract's. */
    public String remoteClasspath() {
        return root.resolve("remote-system/target/classes")
                + File.pathSeparator
                + root.resolve("contract/target/classes");
    }

    /** The build's output directory at the root, where the lab writes its reports by default. */
    public Path target() {
        return root.resolve("target");
    }
}
