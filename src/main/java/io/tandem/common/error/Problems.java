package io.tandem.common.error;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;

/** Builds problem documents; the one place that decides their shape. */
public final class Problems {

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
      return "A field of the request body has the wrong type.";
    }
    return "The request body is not valid JSON.";
  }
}
