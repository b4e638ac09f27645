package dev.vtlab.api;

import jakarta.ws.rs.core.Response;

/** A request that cannot be served, with the JSON error the client gets: {error, field?, message}. */
public class ApiException extends RuntimeException {

    private final Response.StatusType status;
    private final String error;
    private final String field;

    public ApiException(Response.StatusType status, String error, String field, String message) {
        super(message, null, false, false); // no stack trace: this is an answer, not a bug
        this.status = status;
        this.error = error;
        this.field = field;
    }

    public static ApiException badRequest(String field, String message) {
        return new ApiException(Response.Status.BAD_REQUEST, "invalid_" + field, field, message);
    }

    public Response.StatusType status() {
        return status;
    }

    public String error() {
        return error;
    }

    public String field() {
        return field;
    }
}
