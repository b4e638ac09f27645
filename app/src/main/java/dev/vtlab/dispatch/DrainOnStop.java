package dev.vtlab.dispatch;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Lets the requests handed off finish when the app stops: see {@link Dispatcher#drain()}. A servlet
 * listener rather than the Dispatcher's {@code @PreDestroy}, because CDI's shutdown holds Weld's lock,
 * and an answer being written (JSON-B looks up the BeanManager) would wait for it: a deadlock until the
 * wait ran out.
 */
@WebListener
public class DrainOnStop implements ServletContextListener {

    @Inject
    Dispatcher dispatcher;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        dispatcher.drain();
    }
}
