package dev.vtlab.compare.preflight;

import dev.vtlab.compare.settings.CompareSettings;
import dev.vtlab.profile.Attribution;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A user's application (-Dcompare.app): a .war/.ear file or a Liberty server directory. Each run gets a
 * fresh copy as the comparison's server; the user's files are only read. What the lab needs is added
 * as files of its own in the copy's configDropins/overrides: the HTTP port, monitor-1.0 and
 * localConnector-1.0 (pool and JVM figures over JMX, so no MicroProfile version is forced on the app)
 * and, for the container-level virtual modes, the mode's file from server-config/modes; in the managed modes,
 * {@code flips}: the user's own executors that compare.virtualExecutors names, with {@code virtual} set as the mode
 * says.
 */
public record UserApp(Path source, Kind kind, List<String> features, List<ExecutorFlip> flips) {

    /** An app whose executors the comparison leaves as they are. */
    public UserApp(Path source, Kind kind, List<String> features) {
        this(source, kind, features, List.of());
    }

    public enum Kind {
        WAR,
        EAR,
        SERVER_DIR
    }

    /** Finds what {@code app} is on disk: one clear line when it will not do. */
    static UserApp check(CompareSettings.AppSetting app) {
        Path path = app.path();
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("compare.app: " + path + " does not exist");
        }
        Kind kind;
        if (Files.isDirectory(path)) {
            if (!Files.isRegularFile(path.resolve("server.xml"))) {
                throw new IllegalArgumentException(
                        "compare.app: " + path + " is a directory without server.xml, not a Liberty server directory");
            }
            kind = Kind.SERVER_DIR;
        } else {
            String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
            kind = name.endsWith(".war") ? Kind.WAR : name.endsWith(".ear") ? Kind.EAR : null;
            if (kind == null || !isZip(path)) {
                throw new IllegalArgumentException("compare.app: " + path
                        + " is neither a .war/.ear archive nor a Liberty server directory (one with server.xml)");
            }
        }
        if (app.featuresGiven() && kind == Kind.SERVER_DIR) {
            throw new IllegalArgumentException(
                    "compare.features applies to a .war/.ear; a server directory's server.xml names its own features");
        }
        List<ExecutorFlip> flips = List.of();
        if (!app.virtualExecutors().isEmpty()) {
            if (kind != Kind.SERVER_DIR) {
                throw new IllegalArgumentException("compare.virtualExecutors: names executors of your server.xml;"
                        + " give compare.app a Liberty server directory, not a ."
                        + kind.name().toLowerCase(Locale.ROOT));
            }
            Path xml = path.resolve("server.xml");
            flips = ExecutorFlip.resolve(
                    PlanCheck.parseXml(xml, "compare.virtualExecutors"), app.virtualExecutors(), xml.toString());
        }
        return new UserApp(path, kind, app.features(), flips);
    }

    /**
     * Whether the app's own configuration runs monitor-1.0: the feature named in its server.xml (or compare.features),
     * or a {@code <monitor>} element. Then its monitoring is part of what it costs, and the lab leaves it as it is;
     * otherwise the monitor-1.0 the lab adds for the pool's statistics collects those only.
     */
    public boolean monitorsItself() throws IOException {
        Document xml = kind == Kind.SERVER_DIR ? PlanCheck.parseXml(source.resolve("server.xml"), "compare.app") : null;
        return (xml == null ? features : texts(xml, "feature"))
                        .stream().anyMatch(f -> f.toLowerCase(Locale.ROOT).startsWith("monitor-"))
                || (xml != null && xml.getElementsByTagName("monitor").getLength() > 0);
    }

    private static boolean isZip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(2);
            return magic.length == 2 && magic[0] == 'P' && magic[1] == 'K';
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Checks, before anything starts, what this Liberty or this machine cannot give the app: features
     * this Liberty does not have, a backend (a dataSource's serverName and portNumber) that does not
     * accept a connection; one line each. Returns notes worth a line each (a backend the lab does not start).
     */
    List<String> notes(Path wlp) throws IOException {
        Document xml = kind == Kind.SERVER_DIR ? PlanCheck.parseXml(source.resolve("server.xml"), "compare.app") : null;
        Set<String> installed = installedFeatures(wlp);
        List<String> missing = new ArrayList<>();
        for (String f : xml == null ? features : texts(xml, "feature")) {
            String name = f.toLowerCase(Locale.ROOT);
            boolean versionless = !name.matches(".*-[0-9.]+");
            boolean found = name.startsWith("usr:")
                    ? Files.exists(wlp.resolve("usr/extension/lib/features").resolve(name.substring(4) + ".mf"))
                    : versionless
                            ? installed.stream().anyMatch(i -> i.startsWith(name + "-"))
                            : installed.contains(name);
            if (!found) {
                missing.add(f);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("compare.app: the server needs feature(s) " + missing
                    + " that the lab's Liberty (" + wlp + ") does not have");
        }
        List<String> notes = new ArrayList<>();
        if (xml == null) {
            return notes; // a generated server.xml names no backend
        }
        notes.addAll(ExecutorFlip.unbounded(xml, flips));
        NodeList all = xml.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            String host = e.getAttribute("serverName"), port = e.getAttribute("portNumber");
            if (host.isEmpty() || host.contains("${")) {
                continue; // none, or a variable the lab does not resolve
            }
            String where = "<" + e.getTagName() + " serverName=\"" + host + "\""
                    + (port.isEmpty() ? "" : " portNumber=\"" + port + "\"") + ">";
            if (!port.matches("[0-9]{1,5}")) {
                notes.add(
                        where
                                + ": a backend the lab does not start (no port to check); it must be reachable, and its speed is part of both modes' figures");
                continue;
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(host, Integer.parseInt(port)), BACKEND_CONNECT_MS);
            } catch (IOException refused) {
                throw new IllegalArgumentException(
                        "compare.app: the server's " + where + " does not accept a connection from this machine ("
                                + refused.getMessage() + "): start that backend, or point the server at one that runs");
            }
            notes.add(
                    where
                            + " answers: a backend the lab does not start, shared by both modes; its speed is part of their figures");
        }
        return notes;
    }

    private static final int BACKEND_CONNECT_MS = 3_000;

    /**
     * The app's own package prefixes, for a profile to charge its frames to the application ({@link
     * Attribution#appPackages}): the classes of a war's {@code WEB-INF/classes}, of an ear's wars and modules (not
     * its {@code lib/}), and, in a server directory, of each app under {@code apps/} and {@code dropins/}: archives,
     * expanded directories and loose applications ({@code *.war.xml}, whose {@code WEB-INF/classes} are directories
     * elsewhere). Libraries ({@code WEB-INF/lib}) are not the app's own code. Empty when no class is found.
     */
    public Set<String> packages() throws IOException {
        List<String> classes = new ArrayList<>();
        if (kind == Kind.SERVER_DIR) {
            for (String dir : List.of("apps", "dropins")) {
                Path apps = source.resolve(dir);
                if (!Files.isDirectory(apps)) {
                    continue;
                }
                try (var entries = Files.list(apps)) {
                    for (Path app : entries.sorted().toList()) {
                        appClasses(app, classes);
                    }
                }
            }
        } else {
            appClasses(source, classes);
        }
        return Attribution.appPackages(classes);
    }

    private static void appClasses(Path app, List<String> classes) throws IOException {
        String name = app.getFileName().toString().toLowerCase(Locale.ROOT);
        if (Files.isDirectory(app)) {
            classFiles(app.resolve(WEB_CLASSES), classes);
        } else if (name.endsWith(".war") || name.endsWith(".ear")) {
            try (InputStream in = Files.newInputStream(app)) {
                archiveClasses(in, name.endsWith(".war"), classes);
            }
        } else if (name.endsWith(".war.xml") || name.endsWith(".ear.xml")) {
            // a loose application: its classes stay where the build put them
            NodeList dirs = PlanCheck.parseXml(app, "compare.app").getElementsByTagName("dir");
            for (int i = 0; i < dirs.getLength(); i++) {
                Element dir = (Element) dirs.item(i);
                if (dir.getAttribute("targetInArchive").replaceFirst("^/", "").equals(WEB_CLASSES)) {
                    classFiles(Path.of(dir.getAttribute("sourceOnDisk")), classes);
                }
            }
        }
    }

    private static final String WEB_CLASSES = "WEB-INF/classes";

    /** A war's WEB-INF/classes, or an ear's modules (its wars' classes, its other jars but those in lib/). */
    private static void archiveClasses(InputStream archive, boolean war, List<String> classes) throws IOException {
        ZipInputStream zip = new ZipInputStream(archive);
        for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
            String entry = e.getName();
            if (war && entry.startsWith(WEB_CLASSES + "/") && entry.endsWith(".class")) {
                classes.add(entry.substring(WEB_CLASSES.length() + 1));
            } else if (!war && entry.endsWith(".war")) {
                archiveClasses(zip, true, classes);
            } else if (!war && entry.endsWith(".jar") && !entry.startsWith("lib/")) {
                ZipInputStream module = new ZipInputStream(zip);
                for (ZipEntry c = module.getNextEntry(); c != null; c = module.getNextEntry()) {
                    if (c.getName().endsWith(".class")) {
                        classes.add(c.getName());
                    }
                }
            }
        }
    }

    private static void classFiles(Path dir, List<String> classes) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.filter(f -> f.toString().endsWith(".class"))
                    .forEach(f -> classes.add(dir.relativize(f).toString()));
        }
    }

    static List<String> texts(Document xml, String tag) {
        List<String> out = new ArrayList<>();
        NodeList nodes = xml.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent().trim());
        }
        return out;
    }

    private static Set<String> installedFeatures(Path wlp) throws IOException {
        Set<String> names = new TreeSet<>();
        try (var manifests = Files.list(wlp.resolve("lib/features"))) {
            for (Path mf : manifests.filter(p -> p.toString().endsWith(".mf")).toList()) {
                for (String line : Files.readAllLines(mf)) {
                    if (line.startsWith("IBM-ShortName:")) {
                        names.add(
                                line.substring("IBM-ShortName:".length()).trim().toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return names;
    }
}
