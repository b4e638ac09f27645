package dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vtlab.dispatch.CrossoverRouter;
import dev.vtlab.dispatch.Dispatcher;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The application lists its classes instead of letting Liberty scan them (so only one of each resource pair serves
 * its path): a provider or resource added to the code but not to the list would silently not be there. Every class
 * the build compiled is looked at, not the list's own contents.
 */
class ApiApplicationTest {

    /** Every class of the application's packages, from the compiled classes. */
    private static List<Class<?>> compiled() throws IOException, URISyntaxException, ClassNotFoundException {
        // java.nio.file.Path by var: the name Path is JAX-RS's here
        var root = Paths.get(ApiApplication.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<String> names;
        try (var files = Files.walk(root)) {
            names = files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> root.relativize(f).toString().replace('/', '.').replaceFirst("\\.class$", ""))
                    .toList();
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            classes.add(Class.forName(name, false, ApiApplicationTest.class.getClassLoader()));
        }
        return classes;
    }

    @ParameterizedTest
    @EnumSource(Dispatcher.Resources.class)
    void everyProviderIsListedInEveryKindOfServer(Dispatcher.Resources handsOff) throws Exception {
        List<Class<?>> providers = compiled().stream()
                .filter(c -> c.isAnnotationPresent(Provider.class))
                .toList();
        assertFalse(providers.isEmpty());
        assertTrue(ApiApplication.classes(handsOff).containsAll(providers), providers.toString());
    }

    @ParameterizedTest
    @EnumSource(Dispatcher.Resources.class)
    void eachResourcePathIsServedOnceInEveryKindOfServer(Dispatcher.Resources handsOff) throws Exception {
        // the crossover's own paths are served by its server alone
        Set<String> allPaths = compiled().stream()
                .filter(c -> c.isAnnotationPresent(Path.class))
                .map(c -> c.getAnnotation(Path.class).value())
                .filter(p -> handsOff == Dispatcher.Resources.BOTH || !crossoverOnly(p))
                .collect(Collectors.toSet());
        List<String> served = ApiApplication.classes(handsOff).stream()
                .filter(c -> c.isAnnotationPresent(Path.class))
                .map(c -> c.getAnnotation(Path.class).value())
                .toList();
        assertEquals(allPaths, Set.copyOf(served), "every path the code has, served");
        assertEquals(served.size(), Set.copyOf(served).size(), "and by one resource only: " + served);
    }

    private static boolean crossoverOnly(String path) {
        return path.startsWith(CrossoverRouter.ASYNC) || path.equals("/lab/crossover");
    }

    @Test
    void theCrossoversServerHasEveryTwinnedPathInBothKinds() {
        Set<String> served = ApiApplication.classes(Dispatcher.Resources.BOTH).stream()
                .filter(c -> c.isAnnotationPresent(Path.class))
                .map(c -> c.getAnnotation(Path.class).value())
                .collect(Collectors.toSet());
        for (String twinned : List.of("/ping", "/hello/{millis}", "/bank")) {
            assertTrue(served.contains(twinned) && served.contains(CrossoverRouter.ASYNC + twinned), twinned);
        }
        assertTrue(ApiApplication.classes(Dispatcher.Resources.BOTH).contains(CrossoverRouter.class));
    }
}
