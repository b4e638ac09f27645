package dev.vtlab.api;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Turns every failure into a JSON error; no stack trace ever reaches a client. */
public final class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class.getName());

    private ErrorMappers() {}

    /** The one shape of every error answer: the status and an {@link ApiError} as JSON. */
    public static Response json(Response.StatusType status, ApiError body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body)
                .build();
    }

    @Provider
    public static class Api implements ExceptionMapper<ApiException> {
        @Override
        public Response toResponse(ApiException e) {
            return json(e.status(), new ApiError(e.error(), e.field(), e.getMessage()));
        }
    }

    /** Unknown paths, wrong methods and media types: the status JAX-RS chose, as JSON. */
    @Provider
    public static class Web implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            Response.StatusType status = e.getResponse().getStatusInfo();
            String error = status.getReasonPhrase().toLowerCase(Locale.ROOT).replace(' ', '_');
            return json(status, new ApiError(error, null, status.getReasonPhrase()));
        }
    }

    /** A bug: logged once on the server, a bare 500 for the client. */
    @Provider
    public static class Unexpected implements ExceptionMapper<Throwable> {
        @Override
        public Response toResponse(Throwable e) {
            if (bodyTooLarge(e)) {
                return json(
                        Response.Status.REQUEST_ENTITY_TOO_LARGE,
                        new ApiError(
                                "body_too_large",
                                "body",
                                "the request body is larger than the server accepts (HTTP_MAX_MESSAGE_BYTES)"));
            }
            LOG.log(Level.SEVERE, "Unexpected failure serving a request", e);
            return json(
                    Response.Status.INTERNAL_SERVER_ERROR,
                    new ApiError("internal_error", null, "the server failed; see its log"));
        }

        /**
         * A chunked body past httpOptions messageSizeLimit fails while JAX-RS reads it (a body with a
         * Content-Length is refused by Liberty before it gets here). Matched by name: the exception
         * is Liberty's SPI, not an API the app compiles against.
         */
        private static boolean bodyTooLarge(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t.getClass().getSimpleName().equals("MessageTooLargeException")) {
                    return true;
                }
            }
            return false;
        }
    }
}
