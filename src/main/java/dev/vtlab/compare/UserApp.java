package dev.vtlab.compare;

import dev.vtlab.dispatch.DispatchMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A user's application (-Dcompare.app): a .war/.ear file or a Liberty server directory. Each run gets a
 * fresh copy as the comparison's server; the user's files are only read. What the lab needs is added
 * as files of its own in the copy's configDropins/overrides: the HTTP port, monitor-1.0 and
 * localConnector-1.0 (pool and JVM figures over JMX, so no MicroProfile version is forced on the app)
 * and, for the container-level virtual modes, the mode's file from server-config/modes.
 */
record UserApp(Path source, Kind kind, List<String> features) {

    enum Kind {
        WAR,
        EAR,
        SERVER_DIR
    }

    /** The file the comparison adds; its name says whose it is. */
    static final String OVERRIDES = "vtlab-compare.xml";
    /** A generated server.xml's features for a bare .war/.ear, unless -Dcompare.features says otherwise. */
    static final String DEFAULT_FEATURES = "webProfile-10.0";
    /** What a copy leaves out: output of the user's own runs. */
    private static final Set<String> NOT_COPIED = Set.of("logs", "workarea", "tranlog", "messaging");
    /** A whole URL in a sampler's path: protocol, host, port. */
    private static final Pattern FULL_URL =
            Pattern.compile("(?i)(https?)://(\\[[^]]+]|[^/:?#]+)(?::([0-9]{1,5}))?([/?#].*)?");

    /** Parses -Dcompare.app (and -Dcompare.features for a bare archive): one clear line when it will not do. */
    static UserApp parse(String value, String features) {
        Path path = Path.of(value).toAbsolutePath().normalize();
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
        List<String> featureList = List.of((features == null ? DEFAULT_FEATURES : features).split(",")).stream()
                .map(String::trim)
                .filter(f -> !f.isEmpty())
                .toList();
        for (String f : featureList) {
            if (!f.matches("[A-Za-z0-9.:\\-]{1,80}")) {
                throw new IllegalArgumentException("compare.features: '" + f + "' is not a Liberty feature name");
            }
        }
        if (features != null && kind == Kind.SERVER_DIR) {
            throw new IllegalArgumentException(
                    "compare.features applies to a .war/.ear; a server directory's server.xml names its own features");
        }
        return new UserApp(path, kind, featureList);
    }

    private static boolean isZip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(2);
            return magic.length == 2 && magic[0] == 'P' && magic[1] == 'K';
        } catch (IOException e) {
            return false;
        }
    }

    /** A short name for the report. */
    String label() {
        return source.getFileName().toString();
    }

    /**
     * Checks, before anything starts, what this Liberty or this machine cannot give the app: features
     * this Liberty does not have, a backend (a dataSource's serverName and portNumber) that does not
     * accept a connection; one line each. Returns notes worth a line each (a backend the lab does not start).
     */
    List<String> preflight(Path wlp) throws IOException {
        Document xml = kind == Kind.SERVER_DIR ? parseXml(source.resolve("server.xml"), "compare.app") : null;
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

    /** Thread groups that start a thread per arrival: JMeter's own and the kg.apc plugins'. */
    private static final Set<String> ARRIVAL_GROUPS = Set.of(
            "OpenModelThreadGroup",
            "kg.apc.jmeter.threads.ArrivalsThreadGroup",
            "kg.apc.jmeter.threads.FreeFormArrivalsThreadGroup");

    /**
     * What the analysis cannot do for a plan, a line each: an open-model (arrivals) thread group is measured
     * as one level, with no check that JMeter kept its schedule, which only the lab's own open-model tests know.
     */
    static List<String> planNotes(Path plan) {
        List<String> notes = new ArrayList<>();
        NodeList all = parseXml(plan, "compare.plan").getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (ARRIVAL_GROUPS.contains(e.getTagName()) || ARRIVAL_GROUPS.contains(e.getAttribute("testclass"))) {
                notes.add("thread group '" + e.getAttribute("testname")
                        + "' starts a thread per arrival (open model): the run is measured "
                        + "as one level, and whether JMeter kept its arrival schedule is not checked "
                        + "(JMeter's dashboard shows what it sent; the lab's throughput-open test checks it)");
            }
        }
        return notes;
    }

    private static Document parseXml(Path file, String setting) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            javax.xml.parsers.DocumentBuilder parser = f.newDocumentBuilder();
            parser.setErrorHandler(
                    new org.xml.sax.helpers.DefaultHandler()); // errors become the one line below, not stderr
            return parser.parse(file.toFile());
        } catch (Exception e) {
            throw new IllegalArgumentException(setting + ": " + file + " does not parse as XML: " + e.getMessage());
        }
    }

    private static List<String> texts(Document xml, String tag) {
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

    /**
     * Lays out the comparison's server {@code server} in {@code wlp} afresh for one run in {@code mode}: a copy
     * of the app's server (or a generated one around the archive) plus the lab's overrides.
     */
    void prepare(Path wlp, String server, DispatchMode mode, int port, Path modesDir) throws IOException {
        Path dir = wlp.resolve("usr/servers").resolve(server);
        Compare.deleteRecursively(dir);
        Files.createDirectories(dir);
        if (kind == Kind.SERVER_DIR) {
            copyTree(source, dir);
        } else {
            Files.createDirectories(dir.resolve("apps"));
            Files.copy(source, dir.resolve("apps").resolve(source.getFileName()));
            String element = kind == Kind.WAR ? "webApplication" : "enterpriseApplication";
            StringBuilder xml = new StringBuilder(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + "<!-- generated by vtlab's comparison around "
                            + source.getFileName() + " -->\n<server>\n    <featureManager>\n");
            features.forEach(f -> xml.append("        <feature>").append(f).append("</feature>\n"));
            xml.append("    </featureManager>\n    <")
                    .append(element)
                    .append(" location=\"")
                    .append(source.getFileName())
                    .append("\"/>\n</server>\n");
            Files.writeString(dir.resolve("server.xml"), xml);
        }
        Path overrides = dir.resolve("configDropins/overrides");
        Files.createDirectories(overrides);
        Files.writeString(
                overrides.resolve(OVERRIDES),
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Added by vtlab's comparison to a copy of your server, never to your files: the port the
                     comparison drives, and Liberty's pool statistics and JVM figures over a local JMX connector. -->
                <server>
                    <featureManager>
                        <feature>monitor-1.0</feature>
                        <feature>localConnector-1.0</feature>
                    </featureManager>
                    <httpEndpoint id="defaultHttpEndpoint" host="localhost" httpPort="%d"/>
                </server>
                """
                        .formatted(port));
        Path modeFile = modesDir.resolve(mode.label() + ".xml");
        if (Files.exists(modeFile)) {
            // the same file the lab's own server includes for this mode: one source for what a mode enables
            Files.copy(modeFile, overrides.resolve("vtlab-mode-" + mode.label() + ".xml"));
        }
    }

    /** Copies a server directory, without the output of its runs (logs, workarea, ...). */
    static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                Path rel = from.relativize(d);
                if (rel.getNameCount() == 1 && NOT_COPIED.contains(rel.toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(rel.toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A user's JMeter plan (-Dcompare.plan): it must parse as a plan, and it must send to the server the
     * lab starts. Returns the port the plan hard-codes (then the server listens there), or null when the
     * plan takes the port from a property or variable.
     */
    static Integer checkPlan(Path plan) {
        if (!Files.isRegularFile(plan)) {
            throw new IllegalArgumentException("compare.plan: " + plan + " does not exist");
        }
        Document doc = parseXml(plan, "compare.plan");
        if (!doc.getDocumentElement().getTagName().equals("jmeterTestPlan")) {
            throw new IllegalArgumentException("compare.plan: " + plan + " is not a JMeter plan (its root element is <"
                    + doc.getDocumentElement().getTagName() + ">, not <jmeterTestPlan>)");
        }
        Set<Integer> ports = new TreeSet<>();
        NodeList props = doc.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            String value = p.getTextContent().trim();
            if (value.isEmpty() || value.contains("${")) {
                continue; // a property or variable: the lab passes -JHOST and -JPORT
            }
            switch (p.getAttribute("name")) {
                case "HTTPSampler.domain" -> requireLocal(plan, value);
                case "HTTPSampler.path" -> {
                    // JMeter also takes a whole URL as a sampler's path, which overrides Server Name and Port
                    Matcher url = FULL_URL.matcher(value);
                    if (url.matches()) {
                        requireLocal(plan, url.group(2));
                        requireHttp(plan, url.group(1));
                        ports.add(url.group(3) == null ? 80 : Integer.parseInt(url.group(3)));
                    }
                }
                case "HTTPSampler.protocol" -> requireHttp(plan, value);
                case "HTTPSampler.port" -> {
                    if (!value.matches("[0-9]{1,5}")) {
                        throw new IllegalArgumentException(
                                "compare.plan: " + plan.getFileName() + " has the port '" + value + "'");
                    }
                    ports.add(Integer.parseInt(value));
                }
                default -> {}
            }
        }
        if (ports.size() > 1) {
            throw new IllegalArgumentException("compare.plan: " + plan.getFileName() + " sends to several ports "
                    + ports + "; the lab's server listens on one: use ${__P(PORT,9080)} everywhere");
        }
        return ports.isEmpty() ? null : ports.iterator().next();
    }

    private static void requireLocal(Path plan, String host) {
        if (!Set.of("localhost", "127.0.0.1", "::1", "[::1]").contains(host.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(
                    "compare.plan: " + plan.getFileName() + " sends to the host '" + host
                            + "'; the lab runs your server on this machine and sends load only there: write ${__P(HOST,localhost)} "
                            + "as Server Name (and ${__P(PORT,9080)} as Port) in the plan's HTTP Request Defaults, and paths without a host");
        }
    }

    /** The lab drives the HTTP port it gives the server; a plan that insists on HTTPS would get no answer there. */
    private static void requireHttp(Path plan, String protocol) {
        if (!protocol.equalsIgnoreCase("http")) {
            throw new IllegalArgumentException(
                    "compare.plan: " + plan.getFileName() + " sends with the protocol '" + protocol
                            + "'; the lab drives your server's HTTP port: leave Protocol empty or write ${__P(PROTOCOL,http)} in the plan");
        }
    }
}
