package dev.vtlab.liberty.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vtlab.liberty.executor.ExecutorVirtualSettings.Start;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutorVirtualSettingsTest {

    private static ExecutorVirtualSettings of(String maxInFlight, String start) {
        Map<String, String> set = new HashMap<>();
        set.put("vtlab.executorVirtual.maxInFlight", maxInFlight);
        set.put("vtlab.executorVirtual.start", start);
        return ExecutorVirtualSettings.from(set::get);
    }

    @Test
    void unsetIsTenThousandStartedAtSubmit() {
        assertEquals(new ExecutorVirtualSettings(10_000, Start.SUBMIT), of(null, null));
        assertEquals(new ExecutorVirtualSettings(10_000, Start.SUBMIT), of(" ", ""));
    }

    @Test
    void readsBothWithinTheirBounds() {
        assertEquals(new ExecutorVirtualSettings(1, Start.RUN), of("1", "run"));
        assertEquals(new ExecutorVirtualSettings(1_000_000, Start.SUBMIT), of(" 1000000 ", " Submit "));
    }

    @Test
    void aBoundThatIsNotANumberIsRefusedLikeOneOutOfBounds() {
        for (String bad : new String[] {"abc", "0", "1000001", "-5", "4.5", "99999999999"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> of(bad, null), bad);
            assertEquals(
                    "vtlab.executorVirtual.maxInFlight must be a whole number 1..1000000, not '" + bad + "'",
                    e.getMessage());
        }
    }

    @Test
    void anyOtherStartIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> of(null, "later"));
        assertEquals("vtlab.executorVirtual.start must be submit or run, not 'later'", e.getMessage());
    }
}
