package dev.vtlab.liberty;

import static dev.vtlab.liberty.FeatureContract.MODE_PROPERTY;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Tells the application which vtlab mode this server's Liberty runs (system property
 * {@code vtlab.liberty.feature}, from the bundle's {@code Vtlab-Mode} header) before any application
 * starts: vtlab refuses DISPATCH_MODE=executor-virtual or pool-virtual-workers without it rather than run
 * that mode on pool threads. Packaged into both bundles (a private copy each, with FeatureContract).
 * The executor-virtual feature's component changes it once its settings are read ({@code start=run}: the
 * mode {@code executor-virtual-at-run}; a bad setting: the refusal, prefixed, which the app reports).
 */
public class ModeMarker implements BundleActivator {

    @Override
    public void start(BundleContext context) {
        System.setProperty(MODE_PROPERTY, context.getBundle().getHeaders().get("Vtlab-Mode"));
    }

    @Override
    public void stop(BundleContext context) {
        System.clearProperty(MODE_PROPERTY);
    }
}
