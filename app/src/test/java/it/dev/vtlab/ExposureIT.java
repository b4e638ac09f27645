package it.dev.vtlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who can reach what. By default the servers listen on loopback only. With deploy/secure's override
 * (the vtlab-it-secure server runs exactly that file) /metrics needs the reader role over HTTPS, the
 * experiment endpoints need lab-admin, and the rest of the API stays open.
 */
class ExposureIT {

    private static final HttpClient HTTPS = HttpClient.newBuilder()
            .sslContext(trustingSelfSigned())
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static Properties serverEnv;
    private static String http;
    private static String https;

    @BeforeAll
    static void secureServer() throws IOException {
        assumeFalse(Lab.DEV_MODE, "needs the vtlab-it-secure server that ./mvnw verify starts");
        serverEnv = new Properties();
        try (InputStream in = ExposureIT.class.getResourceAsStream("/liberty/it-secure.env")) {
            serverEnv.load(in);
        }
        http = System.getProperty("it.secure.url");
        https = System.getProperty("it.secure.https.url");
    }

    @Test
    void metricsNeedTheReaderRoleOverHttps() throws Exception {
        assertEquals(401, status(https + "/metrics", null));
        assertEquals(401, status(https + "/metrics", user("METRICS_USER", "LAB_ADMIN_PASSWORD")));
        assertEquals(
                403,
                status(https + "/metrics", user("LAB_ADMIN_USER", "LAB_ADMIN_PASSWORD")),
                "lab-admin is not a reader");
        HttpResponse<String> scrape = send(https + "/metrics", user("METRICS_USER", "METRICS_PASSWORD"));
        assertEquals(200, scrape.statusCode());
        assertTrue(scrape.body().contains("threadpool_size{"), "the scraper sees the metrics");

        HttpResponse<String> plain = send(http + "/metrics", user("METRICS_USER", "METRICS_PASSWORD"));
        assertEquals(302, plain.statusCode(), "plain HTTP is sent to HTTPS, credentials never travel in clear");
        assertTrue(
                plain.headers().firstValue("Location").orElse("").startsWith("https://"),
                plain.headers().toString());
    }

    @Test
    void experimentEndpointsNeedLabAdmin() throws Exception {
        String pin = http + "/api/lab/pin?millis=1";
        assertEquals(401, status(pin, null));
        assertEquals(403, status(pin, user("METRICS_USER", "METRICS_PASSWORD")));
        assertEquals(200, status(pin, user("LAB_ADMIN_USER", "LAB_ADMIN_PASSWORD")));
    }

    @Test
    void theApplicationItselfStaysOpen() throws Exception {
        assertEquals(200, status(http + "/api/ping", null));
        assertEquals(200, status(http + "/api/hello/1", null));
    }

    @Test
    void serversListenOnLoopbackOnly() throws IOException {
        Optional<InetAddress> external = NetworkInterface.networkInterfaces()
                .filter(nic -> {
                    try {
                        return nic.isUp() && !nic.isLoopback();
                    } catch (IOException e) {
                        return false;
                    }
                })
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address)
                .findFirst();
        assumeTrue(external.isPresent(), "this machine has no non-loopback address to try");
        int port = URI.create(http).getPort();
        try (Socket loopback = new Socket()) {
            loopback.connect(new InetSocketAddress("localhost", port), 2000);
        }
        assertThrows(
                IOException.class,
                () -> {
                    try (Socket outside = new Socket()) {
                        outside.connect(new InetSocketAddress(external.get(), port), 2000);
                    }
                },
                "port " + port + " answers on " + external.get().getHostAddress());
    }

    private static String user(String userKey, String passwordKey) {
        return serverEnv.getProperty(userKey) + ":" + serverEnv.getProperty(passwordKey);
    }

    private static int status(String uri, String credentials) throws Exception {
        return send(uri, credentials).statusCode();
    }

    private static HttpResponse<String> send(String uri, String credentials) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30));
        if (credentials != null) {
            request.header(
                    "Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        return HTTPS.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The server's certificate is the self-signed one Liberty made at its first start. Test use only. */
    private static SSLContext trustingSelfSigned() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(
                    null,
                    new TrustManager[] {
                        new X509TrustManager() {
                            public void checkClientTrusted(X509Certificate[] chain, String authType) {}

                            public void checkServerTrusted(X509Certificate[] chain, String authType) {}

                            public X509Certificate[] getAcceptedIssuers() {
                                return new X509Certificate[0];
                            }
                        }
                    },
                    null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
