package dev.vtlab.compare.preflight;

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
            flips.add(new ExecutorFlip(e.getTagName(), id, ref));
        }
        return flips;
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
