package dev.vtlab.compare.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** compare.join parsed purely, refused in one line. */
class JoinFromTest {

    private static final Path BASE = Path.of("/home/me/vtlab");

    @Test
    void directoriesAgainstTheProjectAndTheDefaultOut() {
        JoinFrom j = JoinFrom.parse("docs/data/a, docs/data/b", null, BASE);
        assertEquals(List.of(BASE.resolve("docs/data/a"), BASE.resolve("docs/data/b")), j.dirs());
        assertEquals(BASE.resolve("target/vtlab-join"), j.out());
        assertEquals(
                "./mvnw -Pcompare verify -Dcompare.join=docs/data/a,docs/data/b -Dcompare.out=target/vtlab-join",
                j.command(BASE));
    }

    @Test
    void refusals() {
        assertEquals(
                "compare.join: one directory; a join needs at least 2 comparisons, separated by commas",
                refusal("a", null));
        assertEquals("compare.join: /home/me/vtlab/a is named twice", refusal("a,./a", null));
        assertEquals(
                "compare.out: /home/me/vtlab/b is one of compare.join's directories; name another for the joined"
                        + " figures",
                refusal("a,b", "b"));
        assertEquals(
                "compare.join: 21 directories; at most 20, the comparisons of one question",
                refusal("a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u", null));
    }

    private static String refusal(String value, String out) {
        return assertThrows(IllegalArgumentException.class, () -> JoinFrom.parse(value, out, BASE))
                .getMessage();
    }
}
