package dev.vtlab.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.compare.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's first screen, its first {@value #FIRST_SCREEN} lines, holds to its rule: every sentence at most
 * {@value #MAX_WORDS} words, no parentheses inside parentheses, and the main command among those lines. A reader who
 * opens the README sees the answer, the recommendation and the command without scrolling.
 *
 * <p>The sentence splitter is simple on purpose. Fenced code is not prose and is skipped. Each table cell, each
 * heading and each paragraph (lines up to a blank line) is a block; a block splits into sentences after ".", "!" or
 * "?" followed by a space or its end, so "25.0.3" and "1.065" do not end one. Inline code counts as one word, a link
 * as its text. A word is a run of characters between spaces that holds a letter or a digit, so "|", "÷" and "–"
 * are not words, and "[1.042, 1.088]" is two.
 */
class FirstScreenTest {

    static final int FIRST_SCREEN = 40;
    static final int MAX_WORDS = 25;
    static final String MAIN_COMMAND = "./mvnw -Pcompare verify";

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s*\\|?\\s*:?-{3,}.*");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)]\\([^)]*\\)");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");
    private static final Pattern LIST_ITEM = Pattern.compile("^([-*]|\\d+\\.)\\s+");
    private static final Pattern WORD = Pattern.compile(".*[\\p{L}\\p{N}].*");

    @Test
    void theReadmesFirstScreenHasShortSentencesAndNoNestedParentheses() throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.ROOT.resolve("README.md"));
        List<String> screen = lines.subList(0, Math.min(FIRST_SCREEN, lines.size()));
        List<String> wrong = broken(screen);
        assertTrue(
                wrong.isEmpty(),
                "README.md's first " + FIRST_SCREEN + " lines break their rule (at most " + MAX_WORDS
                        + " words a sentence, no nested parentheses):\n" + String.join("\n", wrong));
    }

    /** The pages written for people, held to the rule all through. */
    @ParameterizedTest
    @ValueSource(strings = {"docs/decide.md", "docs/results.md", "docs/your-app.md", "docs/compare.md"})
    void pagesForPeopleHaveShortSentencesAndNoNestedParentheses(String page) throws IOException {
        List<String> wrong = broken(Files.readAllLines(Fixtures.ROOT.resolve(page)));
        assertTrue(
                wrong.isEmpty(),
                page + " breaks its rule (at most " + MAX_WORDS + " words a sentence, no nested parentheses), "
                        + wrong.size() + " times:\n" + String.join("\n", wrong));
    }

    @Test
    void theReadmesFirstScreenHoldsTheMainCommand() throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.ROOT.resolve("README.md"));
        List<String> screen = lines.subList(0, Math.min(FIRST_SCREEN, lines.size()));
        assertTrue(
                screen.stream().anyMatch(l -> l.strip().equals(MAIN_COMMAND)),
                "README.md's first " + FIRST_SCREEN + " lines show `" + MAIN_COMMAND + "` on a line of its own");
    }

    @Test
    void theSplitterReadsCellsParagraphsAndCodeAsDescribed() {
        List<String> blocks = blocks(List.of(
                "# Title",
                "",
                "One sentence with 1.065 and 25.0.3 in it. A second,",
                "on the next line, with `./mvnw -Pcompare verify -Dx=y` and [a link](docs/x.md#y).",
                "",
                "```",
                "not prose at all. not prose.",
                "```",
                "| head one | head two |",
                "|---|---|",
                "| a cell. And more | 1.065 [1.042, 1.088] |",
                "",
                "- an item with no full stop",
                "  that goes on",
                "2. a numbered one"));
        assertEquals(
                List.of(
                        "Title",
                        "One sentence with 1.065 and 25.0.3 in it. A second, on the next line, with `code` and a link.",
                        "head one",
                        "head two",
                        "a cell. And more",
                        "1.065 [1.042, 1.088]",
                        "an item with no full stop that goes on",
                        "a numbered one"),
                blocks);
        assertEquals(
                List.of(
                        "One sentence with 1.065 and 25.0.3 in it.",
                        "A second, on the next line, with `code` and a link."),
                sentences(blocks.get(1)));
        assertEquals(11, words(sentences(blocks.get(1)).get(1)));
        assertEquals(3, words("1.065 [1.042, 1.088] | ÷ –"), "a figure and its interval: signs are not words");
        assertEquals(1, depth("a (plain) aside, and [a link](x.md) in it"));
        assertEquals(2, depth("an aside (with (another) inside)"));
    }

    /** Each sentence of {@code lines} over the word limit and each block with parentheses inside parentheses. */
    static List<String> broken(List<String> lines) {
        List<String> wrong = new ArrayList<>();
        for (String block : blocks(lines)) {
            if (depth(block) > 1) {
                wrong.add("parentheses inside parentheses: " + block);
            }
            for (String sentence : sentences(block)) {
                int words = words(sentence);
                if (words > MAX_WORDS) {
                    wrong.add(words + " words: " + sentence);
                }
            }
        }
        return wrong;
    }

    /** The prose blocks of {@code lines}: headings, table cells and paragraphs, code and links read as above. */
    static List<String> blocks(List<String> lines) {
        List<String> blocks = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        boolean fenced = false;
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                flush(paragraph, blocks);
                continue;
            }
            String text = line.strip();
            if (fenced || TABLE_RULE.matcher(text).matches()) {
                continue;
            }
            if (text.isEmpty()) {
                flush(paragraph, blocks);
            } else if (text.startsWith("|")) {
                flush(paragraph, blocks);
                for (String cell : text.substring(1).split("\\|")) {
                    add(cell, blocks);
                }
            } else if (LIST_ITEM.matcher(text).find()) {
                flush(paragraph, blocks);
                paragraph.append(LIST_ITEM.matcher(text).replaceFirst(""));
            } else if (text.startsWith("#")) {
                flush(paragraph, blocks);
                add(text.replaceFirst("^#+\\s*", ""), blocks);
            } else {
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(text);
            }
        }
        flush(paragraph, blocks);
        return blocks;
    }

    private static void flush(StringBuilder paragraph, List<String> blocks) {
        add(paragraph.toString(), blocks);
        paragraph.setLength(0);
    }

    private static void add(String raw, List<String> blocks) {
        String text = INLINE_CODE.matcher(raw).replaceAll("`code`");
        text = LINK.matcher(text).replaceAll("$1");
        text = text.replace("**", "").strip();
        if (!text.isEmpty()) {
            blocks.add(text);
        }
    }

    static List<String> sentences(String block) {
        return List.of(SENTENCE_END.split(block));
    }

    static int words(String sentence) {
        int n = 0;
        for (String token : sentence.split("\\s+")) {
            if (WORD.matcher(token).matches()) {
                n++;
            }
        }
        return n;
    }

    /** How deep the parentheses of {@code block} go, link targets already read away. */
    static int depth(String block) {
        String text = LINK.matcher(block).replaceAll("$1");
        int depth = 0;
        int max = 0;
        for (char c : text.toCharArray()) {
            if (c == '(') {
                max = Math.max(max, ++depth);
            } else if (c == ')') {
                depth--;
            }
        }
        return max;
    }
}
