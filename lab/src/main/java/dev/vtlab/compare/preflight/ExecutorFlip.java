package dev.vtlab.compare.preflight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * One of the user's own Jakarta Concurrency elements that {@code compare.virtualExecutors} names, and how its
 * {@code virtual} setting is overridden in the lab's copy of the server (configDropins/overrides, the user's files
 * untouched): a {@code managedThreadFactory} takes {@code virtual} itself; a managed executor's sits on its
 * concurrency policy, the one it references ({@code policyRef}) or, when it references none, one nested in it,
 * which Liberty merges with the executor's own nested policy, if any.
 *
 * @param element the element's name in server.xml
 * @param id its id
 * @param policyRef the id of the concurrencyPolicy a managed executor references, or null
 */
public record ExecutorFlip(String element, String id, String policyRef) {

    static final String THREAD_FACTORY = "managedThreadFactory";
    static final List<String> EXECUTORS = List.of("managedExecutorService", "managedScheduledExecutorService");

    /** The element of the override that sets {@code virtual}. */
    public String override(boolean virtual) {
        if (element.equals(THREAD_FACTORY)) {
            return "    <%s id=\"%s\" virtual=\"%s\"/>\n".formatted(element, id, virtual);
        }
        if (policyRef != null) {
            return "    <concurrencyPolicy id=\"%s\" virtual=\"%s\"/>\n".formatted(policyRef, virtual);
        }
        return "    <%s id=\"%s\">\n        <concurrencyPolicy virtual=\"%s\"/>\n    </%s>\n"
                .formatted(element, id, virtual, element);
    }

    /** The configDropins/overrides file that sets every one of {@code flips} to {@code virtual}. */
    public static String overrides(List<ExecutorFlip> flips, boolean virtual) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<!-- vtlab's comparison (compare.virtualExecutors): your executors with virtual=\"" + virtual
                + "\" in this copy of your server; your files are unchanged -->\n<server>\n");
        flips.forEach(f -> xml.append(f.override(virtual)));
        return xml.append("</server>\n").toString();
    }

    /**
     * The elements of {@code server} (the user's server.xml, {@code where}) that {@code ids} name: one line naming the
     * setting when an id names none of them, when two of them share a policy only one is named with, or when the
     * server's features are below concurrent-3.1, whose policies are the first to take {@code virtual}.
     */
    static List<ExecutorFlip> resolve(Document server, List<String> ids, String where) {
        String key = "compare.virtualExecutors";
        requireConcurrency31(server, key, where);
        refuseLooseVirtual(server, key, where);
        Map<String, Element> byId = new TreeMap<>();
        for (String name : concurrencyElements()) {
            NodeList found = server.getElementsByTagName(name);
            for (int i = 0; i < found.getLength(); i++) {
                Element e = (Element) found.item(i);
                if (!e.getAttribute("id").isEmpty() && e.getParentNode() == server.getDocumentElement()) {
                    byId.put(e.getAttribute("id"), e);
                }
            }
        }
        List<ExecutorFlip> flips = new ArrayList<>();
        for (String id : ids) {
            Element e = byId.get(id);
            if (e == null) {
                throw new IllegalArgumentException(key + ": " + where + " has no managedExecutorService,"
                        + " managedScheduledExecutorService or managedThreadFactory with id '" + id + "'"
                        + (byId.isEmpty() ? " (it has none with an id)" : "; it has " + byId.keySet()));
            }
            String ref = e.getTagName().equals(THREAD_FACTORY)
                            || e.getAttribute("concurrencyPolicyRef").isEmpty()
                    ? null
                    : e.getAttribute("concurrencyPolicyRef");
            if (ref != null) {
                for (Map.Entry<String, Element> other : byId.entrySet()) {
                    if (!ids.contains(other.getKey())
                            && ref.equals(other.getValue().getAttribute("concurrencyPolicyRef"))) {
                        throw new IllegalArgumentException(key + ": '" + id + "' and '" + other.getKey()
                                + "' share concurrencyPolicy '" + ref + "', which holds the virtual setting: name both,"
                                + " or give '" + id + "' a policy of its own");
                    }
                }
            }
            ExecutorFlip flip = new ExecutorFlip(e.getTagName(), id, ref);
            for (Element policy : flip.policies(server)) {
                if (policy.getAttribute("maxPolicy").trim().equalsIgnoreCase("loose")) {
                    throw new IllegalArgumentException(key + ": '" + id + "' runs on " + flip.policyName()
                            + ", which sets maxPolicy=\"loose\"; the managed-virtual runs would give it virtual=\"true\","
                            + " a pair Open Liberty refuses (" + LIBERTY_REFUSAL + "): drop maxPolicy (strict is"
                            + " the default on virtual threads) or set it to strict");
                }
            }
            flips.add(flip);
        }
        return flips;
    }

    /** What Open Liberty 26.0.0.5 throws for the pair (PolicyExecutorImpl; Open Liberty pull request 33966). */
    static final String LIBERTY_REFUSAL =
            "IllegalArgumentException \"maxPolicy: loose, virtual: true\", Open Liberty 33966";

    /**
     * One line naming the policy when a concurrencyPolicy of {@code xml} ({@code where}) has {@code virtual="true"} and
     * {@code maxPolicy="loose"}: Open Liberty 26.0.0.5 refuses the pair when it configures the policy (the executors on
     * it then fail at their first use, far from the cause), so the lab refuses it before anything starts.
     */
    public static void refuseLooseVirtual(Document xml, String setting, String where) {
        NodeList policies = xml.getElementsByTagName("concurrencyPolicy");
        for (int i = 0; i < policies.getLength(); i++) {
            Element p = (Element) policies.item(i);
            if (p.getAttribute("virtual").trim().equalsIgnoreCase("true")
                    && p.getAttribute("maxPolicy").trim().equalsIgnoreCase("loose")) {
                throw new IllegalArgumentException(setting + ": " + where + " has " + describe(p)
                        + " with virtual=\"true\" and maxPolicy=\"loose\", a pair Open Liberty refuses ("
                        + LIBERTY_REFUSAL + "): drop maxPolicy (strict is the default on virtual threads) or set it"
                        + " to strict");
            }
        }
    }

    /** The same check for one of the lab's mode files (server-config/modes), before a comparison starts its server. */
    public static void refuseLooseVirtual(Path modeFile, String setting) {
        refuseLooseVirtual(PlanCheck.parseXml(modeFile, setting), setting, modeFile.toString());
    }

    /**
     * A note for each flipped executor whose concurrency policy has no {@code max}: on virtual threads nothing then
     * bounds the tasks it runs at once (on platform threads Liberty's pool did), where the lab's own managed modes are
     * bounded by the app's MAX_IN_FLIGHT.
     */
    public static List<String> unbounded(Document server, List<ExecutorFlip> flips) {
        List<String> notes = new ArrayList<>();
        for (ExecutorFlip flip : flips) {
            if (flip.element.equals(THREAD_FACTORY)) {
                continue; // a thread factory has no policy: its caller decides how many threads it makes
            }
            boolean bounded = flip.policies(server).stream().anyMatch(p -> {
                String max = p.getAttribute("max").trim();
                return !max.isEmpty() && !max.equals("-1");
            });
            if (!bounded) {
                notes.add("compare.virtualExecutors: '" + flip.id + "' has no max on " + flip.policyName()
                        + ": on virtual threads nothing bounds how many of its tasks run at once (on platform threads"
                        + " Liberty's pool did; the lab's own managed modes have MAX_IN_FLIGHT): set max on it to"
                        + " compare it as you would deploy it");
            }
        }
        return notes;
    }

    /** The concurrencyPolicy elements Liberty merges into this executor's: the referenced one, or those nested in it. */
    List<Element> policies(Document server) {
        List<Element> found = new ArrayList<>();
        NodeList all = server.getElementsByTagName("concurrencyPolicy");
        for (int i = 0; i < all.getLength(); i++) {
            Element p = (Element) all.item(i);
            boolean referenced = policyRef != null
                    && p.getParentNode() == server.getDocumentElement()
                    && policyRef.equals(p.getAttribute("id"));
            boolean nested = policyRef == null
                    && p.getParentNode() instanceof Element parent
                    && parent.getParentNode() == server.getDocumentElement()
                    && parent.getTagName().equals(element)
                    && parent.getAttribute("id").equals(id);
            if (referenced || nested) {
                found.add(p);
            }
        }
        return found;
    }

    private String policyName() {
        return policyRef != null ? "concurrencyPolicy '" + policyRef + "'" : "the concurrencyPolicy nested in it";
    }

    private static String describe(Element policy) {
        if (!policy.getAttribute("id").isEmpty()) {
            return "concurrencyPolicy '" + policy.getAttribute("id") + "'";
        }
        return policy.getParentNode() instanceof Element parent
                        && !parent.getAttribute("id").isEmpty()
                ? "the concurrencyPolicy nested in " + parent.getTagName() + " '" + parent.getAttribute("id") + "'"
                : "a concurrencyPolicy";
    }

    private static List<String> concurrencyElements() {
        List<String> names = new ArrayList<>(EXECUTORS);
        names.add(THREAD_FACTORY);
        return names;
    }

    /** Features that give concurrent-3.1: itself, or Jakarta EE 11's platform or web profile. */
    private static final Set<String> CONCURRENCY_31 = Set.of("concurrent-3.1", "jakartaee-11.0", "webprofile-11.0");

    private static void requireConcurrency31(Document server, String key, String where) {
        Set<String> features = texts(server, "feature");
        Set<String> platforms = texts(server, "platform");
        boolean versionless = features.contains("concurrent") && platforms.contains("jakartaee-11.0");
        if (!versionless && features.stream().noneMatch(CONCURRENCY_31::contains)) {
            throw new IllegalArgumentException(key + ": " + where + " enables "
                    + (features.isEmpty() ? "no feature" : String.join(", ", features))
                    + ", below concurrent-3.1 (Open Liberty 26.0.0.5), the first whose managed executors run on"
                    + " virtual threads: enable concurrent-3.1 (or jakartaee-11.0, webProfile-11.0)");
        }
    }

    private static Set<String> texts(Document xml, String tag) {
        Set<String> lower = new TreeSet<>();
        UserApp.texts(xml, tag).forEach(t -> lower.add(t.toLowerCase(Locale.ROOT)));
        return lower;
    }
}
