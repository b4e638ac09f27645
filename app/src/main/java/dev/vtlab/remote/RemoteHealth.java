package dev.vtlab.remote;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** /health/ready is UP only when the remote system accepts connections. */
@Readiness
@ApplicationScoped
public class RemoteHealth implements HealthCheck {

    @Inject
    RemoteLauncher launcher;

    @Override
    public HealthCheckResponse call() {
        var uri = launcher.baseUri();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 500);
            return HealthCheckResponse.named("remote-system")
                    .up()
                    .withData("url", uri.toString())
                    .build();
        } catch (IOException e) {
            return HealthCheckResponse.named("remote-system")
                    .down()
                    .withData("url", uri.toString())
                    .build();
        }
    }
}
