package dev.vtlab.liberty;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Tells the application which vtlab mode this server's Liberty runs (system property
 * {@code vtlab.liberty.feature}, from the bundle's {@code Vtlab-Mode} header) before any application
 * starts: vtlab refuses DISPATCH_MODE=executor-virtual or pool-virtual-workers without it rather than run
 * that mode on pool threads. Packaged into both bundles (a private copy each).
 */
public class ModeMarker implements BundleActivator {

    static final String PROPERTY = "vtlab.liberty.feature";

    @Override
    public void start(BundleContext context) {
        System.setProperty(PROPERTY, context.getBundle().getHeaders().get("Vtlab-Mode"));
    }

    @Override
    public void stop(BundleContext context) {
        System.clearProperty(PROPERTY);
    }
}
