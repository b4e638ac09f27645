package dev.vtlab.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.function.Executable;

/** What the comparison's unit tests of several stages share: a minimal war, and the one-line refusal check. */
public final class Fixtures {

    private Fixtures() {}

    /** A .war with nothing but a web.xml, at {@code file}. */
    public static Path war(Path file) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
            zip.write("<web-app/>".getBytes());
        }
        return file;
    }

    /** {@code call} is refused with one line that starts with {@code start} and contains {@code contains}. */
    public static void assertMessage(String start, String contains, Executable call) {
        Exception e = assertThrows(Exception.class, call);
        assertTrue(e.getMessage().startsWith(start) && e.getMessage().contains(contains), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
