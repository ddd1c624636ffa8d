package io.tandem.common.error;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

/** Builds problem documents; the one place that decides their shape. */
public final class Problems {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Problems() {}

  public static ProblemDetail of(ProblemCode code, String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(code.status(), detail);
    problem.setType(code.type());
    problem.setTitle(code.status().getReasonPhrase());
    problem.setProperty("code", code.code());
    return problem;
  }

  public static ResponseEntity<Object> response(ProblemDetail problem) {
    return ResponseEntity.status(problem.getStatus())
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }

  /**
   * Writes a problem straight to a servlet response, for refusals made before any controller (filters, the servlet
   * container). {@code instance} may be null where the request's own path is not fit to repeat.
   */
  public static void write(HttpServletResponse response, ProblemCode code, String detail, String instance)
      throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", code.type().toString());
    body.put("title", code.status().getReasonPhrase());
    body.put("status", code.status().value());
    body.put("detail", detail);
    if (instance != null) {
      body.put("instance", instance);
    }
    body.put("code", code.code());
    response.setStatus(code.status().value());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setCharacterEncoding("UTF-8");
    response.getWriter().write(JSON.writeValueAsString(body) + "\n");
  }

  /** A short reason for a body that could not be read, without echoing parser internals or class names. */
  static String unreadableBody(HttpMessageNotReadableException e) {
    Throwable cause = e.getMostSpecificCause();
    String message = cause.getMessage() == null ? "" : cause.getMessage();
    if (message.contains("Unrecognized property") || message.contains("Unrecognized field")) {
      int start = message.indexOf('"');
      int end = start < 0 ? -1 : message.indexOf('"', start + 1);
      if (end > start) {
        return "Unknown field " + message.substring(start, end + 1) + " in the request body.";
      }
      return "The request body has an unknown field.";
    }
    if (message.contains("Required request body is missing") || e.getMessage().startsWith("Required request body")) {
      return "A request body is required.";
    }
    if (message.contains("Cannot deserialize") || message.contains("Cannot coerce") || message.contains("Cannot construct")) {
      String field = cause instanceof JacksonException jackson ? fieldPath(jackson.getPath()) : "";
      if (field.isEmpty()) {
        return "A field of the request body has the wrong type.";
      }
      String expected = cause instanceof MismatchedInputException mismatch ? expected(mismatch.getTargetType()) : null;
      return "Field '" + field + "' has the wrong type" + (expected == null ? "." : "; " + expected + " is expected.");
    }
    return "The request body is not valid JSON.";
  }

  /** {@code functions[0].name} for the path to where reading failed. */
  static String fieldPath(List<JacksonException.Reference> path) {
    StringBuilder field = new StringBuilder();
    for (JacksonException.Reference step : path) {
      if (step.getPropertyName() != null) {
        field.append(field.isEmpty() ? "" : ".").append(step.getPropertyName());
      } else if (step.getIndex() >= 0) {
        field.append('[').append(step.getIndex()).append(']');
      }
    }
    return field.toString();
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return null;
    }
    if (type == String.class) {
      return "a string";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type.isEnum()) {
      return "one of its names";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "an array";
    }
    return Map.class.isAssignableFrom(type) || type.isRecord() ? "an object" : null;
  }
}
