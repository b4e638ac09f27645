package dev.vtlab.compare.preflight;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.helpers.DefaultHandler;

/** What the preflight reads in a JMeter plan: where it sends, what it cannot be checked for, the properties it reads. */
final class PlanCheck {

    /** {@code ${__P(NAME,...)}} and {@code ${__property(NAME,...)}}: the JMeter properties a plan reads. */
    private static final Pattern PROPERTY = Pattern.compile("__(?:P|property)\\(\\s*([A-Za-z_][A-Za-z0-9_.]*)");

    private PlanCheck() {}

    /** A whole URL in a sampler's path: protocol, host, port. */
    private static final Pattern FULL_URL =
            Pattern.compile("(?i)(https?)://(\\[[^]]+]|[^/:?#]+)(?::([0-9]{1,5}))?([/?#].*)?");

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

    /** The JMeter properties a plan reads. */
    static Set<String> properties(Path plan) {
        Set<String> names = new TreeSet<>();
        try {
            Matcher m = PROPERTY.matcher(Files.readString(plan));
            while (m.find()) {
                names.add(m.group(1));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(plan + " cannot be read: " + e.getMessage());
        }
        return names;
    }

    static Document parseXml(Path file, String setting) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder parser = f.newDocumentBuilder();
            parser.setErrorHandler(new DefaultHandler()); // errors become the one line below, not stderr
            return parser.parse(file.toFile());
        } catch (Exception e) {
            throw new IllegalArgumentException(setting + ": " + file + " does not parse as XML: " + e.getMessage());
        }
    }
}
