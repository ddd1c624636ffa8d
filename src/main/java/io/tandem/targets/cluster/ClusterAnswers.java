package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What an API server said of a request it refused, as a person needs it: {@code spec.selector: Required value}. Only
 * an answer that is a Kubernetes status with one of its reasons is read: a body that is not one (a service that is no
 * API server, behind a target's URL) is never repeated.
 */
final class ClusterAnswers {

  static final Set<String> STATUS_REASONS = Set.of("BadRequest", "Unauthorized", "Forbidden", "NotFound",
      "AlreadyExists", "Conflict", "Gone", "Invalid", "ServerTimeout", "Timeout", "TooManyRequests", "MethodNotAllowed",
      "NotAcceptable", "RequestEntityTooLarge", "UnsupportedMediaType", "InternalError", "Expired", "ServiceUnavailable");
  static final int MAX = 500;

  private ClusterAnswers() {}

  /** {@code HTTP 422 from the cluster (Invalid): spec.selector: Required value}. */
  static String describe(int code, Status status) {
    String reason = status == null ? null : status.getReason();
    if (reason == null || !STATUS_REASONS.contains(reason)) {
      return "HTTP " + code + " from the cluster";
    }
    String said = said(status);
    return "HTTP " + code + " from the cluster (" + reason + ")" + (said.isEmpty() ? "" : ": " + said);
  }

  /** The causes with their fields, else the status's message; one line, at most {@value #MAX} characters. */
  private static String said(Status status) {
    List<String> causes = new ArrayList<>();
    if (status.getDetails() != null && status.getDetails().getCauses() != null) {
      for (StatusCause cause : status.getDetails().getCauses()) {
        if (cause.getMessage() != null) {
          causes.add(cause.getField() == null || cause.getField().isEmpty() ? cause.getMessage()
              : cause.getField() + ": " + cause.getMessage());
        }
      }
    }
    String text = causes.isEmpty() ? String.valueOf(status.getMessage() == null ? "" : status.getMessage())
        : String.join("; ", causes);
    text = text.replaceAll("\\p{Cntrl}+", " ").strip();
    return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "\u2026";
  }
}
