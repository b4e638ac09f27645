package dev.vtlab.liberty.workers;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Tells the application which vtlab mode this server's Liberty runs (system property
 * {@code vtlab.liberty.feature}), before any application starts: vtlab refuses DISPATCH_MODE=pool-virtual-workers
 * without it rather than run that mode on pool threads.
 */
public class ModeMarker implements BundleActivator {

    static final String PROPERTY = "vtlab.liberty.feature";
    static final String MODE = "pool-virtual-workers";

    @Override
    public void start(BundleContext context) {
        System.setProperty(PROPERTY, MODE);
    }

    @Override
    public void stop(BundleContext context) {
        System.clearProperty(PROPERTY);
    }
}
