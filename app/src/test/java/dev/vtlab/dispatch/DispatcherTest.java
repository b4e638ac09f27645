package dev.vtlab.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.liberty.FeatureContract;
import org.junit.jupiter.api.Test;

class DispatcherTest {

    private static Dispatcher configured(String mode) {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.configuredMode = mode;
        dispatcher.maxInFlight = 10;
        return dispatcher;
    }

    @Test
    void theLibertyFeatureModesRefuseToStartWithoutTheirFeature() {
        assertEquals(null, System.getProperty(FeatureContract.MODE_PROPERTY), "no vtlab feature in a unit test");
        for (String mode : new String[] {"executor-virtual", "executor-virtual-at-run", "pool-virtual-workers"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class, configured(mode)::init);
            assertTrue(
                    e.getMessage().startsWith("DISPATCH_MODE=" + mode + " needs the vtlab Liberty feature"),
                    e.getMessage());
        }
    }

    @Test
    void aFeatureThatRefusedItsModeIsNamedWithItsReason() {
        System.setProperty(
                FeatureContract.MODE_PROPERTY,
                "refused: vtlab.executorVirtual.maxInFlight must be a whole number 1..1000000, not 'abc'");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, configured("executor-virtual")::init);
            assertEquals(
                    "DISPATCH_MODE=executor-virtual: the vtlab Liberty feature refused it:"
                            + " vtlab.executorVirtual.maxInFlight must be a whole number 1..1000000, not 'abc'",
                    e.getMessage());
        } finally {
            System.clearProperty(FeatureContract.MODE_PROPERTY);
        }
    }

    @Test
    void theOtherModesStart() {
        for (String mode : new String[] {"threadpool", "virtual", "platform-handoff"}) {
            Dispatcher dispatcher = configured(mode);
            dispatcher.init();
            assertEquals(mode, dispatcher.mode().label());
            dispatcher.stop();
        }
    }
}
