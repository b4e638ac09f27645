package dev.vtlab.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reading DocsTest relies on, on pages made here: GitHub's anchors, links outside code, knob tables. */
class MarkdownTest {

    @Test
    void anchorsAreGitHubs() {
        assertEquals(
                "closed-and-open-models-which-numbers-each-gives",
                Markdown.slug("Closed and open models: which numbers each gives"));
        assertEquals("6-how-evenly-each-user-was-served", Markdown.slug("6. How evenly each user was served"));
        assertEquals("ramp-up--sudden-heavy-load", Markdown.slug("ramp-up — sudden heavy load"));
        assertEquals(
                "4-pinning-blocking-inside-synchronized-vs-reentrantlock-pinning-pinningbenchmark",
                Markdown.slug(
                        "4. Pinning: blocking inside `synchronized` vs `ReentrantLock` (`pinning`, `PinningBenchmark`)"));
        assertEquals("see-the-page-and-max_in_flight", Markdown.slug("See [the page](x.md) and **MAX_IN_FLIGHT**"));
    }

    @Test
    void readsLinksAnchorsAndKnobTablesOutsideCode(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("page.md");
        Files.writeString(
                page,
                """
                # Title
                A [link](other.md#part) and ![a chart](img/c.svg "title"), not `[code](x.md)`.

                ```
                # not a heading
                [not a link](y.md)
                ```

                ## Title
                | property | default |
                |---|---|
                | `HOST`, `PORT` | localhost, 9080 |
                | `RATE` (arrivals/s) | 10, not `lower` |

                | setting | default |
                |---|---|
                | `OTHER` | 1 |

                [ref]: ../up.md
                """);
        Markdown md = Markdown.read(page);
        assertEquals(List.of("other.md#part", "img/c.svg", "../up.md"), md.links());
        assertEquals(Set.of("title", "title-1"), md.anchors());
        assertEquals(Set.of("HOST", "PORT", "RATE"), md.firstColumn("property", Pattern.compile("[A-Z_]+")));
    }
}
