package dev.vtlab.api;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The body of every error answer. {@code field} names the offending input, when there is one. */
@JsonbPropertyOrder({"error", "field", "message"})
public record ApiError(String error, String field, String message) {}
