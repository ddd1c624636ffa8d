package io.tandem.common.error;

import java.net.URI;
import org.springframework.http.HttpStatus;

/**
 * The stable machine-readable {@code code} of every error the API returns, with its HTTP status. Clients branch on
 * the code, never on the title or detail text, so a code is never renamed or given another meaning.
 */
public enum ProblemCode {
  NOT_FOUND("not-found", HttpStatus.NOT_FOUND),
  ALREADY_EXISTS("already-exists", HttpStatus.CONFLICT),
  VALIDATION_FAILED("validation-failed", HttpStatus.BAD_REQUEST),
  INVALID_YAML("invalid-yaml", HttpStatus.BAD_REQUEST),
  INVALID_WHERE("invalid-where", HttpStatus.BAD_REQUEST),
  UNKNOWN_FUNCTION("unknown-function", HttpStatus.BAD_REQUEST),
  INVALID_ARGUMENT("invalid-argument", HttpStatus.BAD_REQUEST),
  PRECONDITION_FAILED("precondition-failed", HttpStatus.PRECONDITION_FAILED),
  CONFLICT("conflict", HttpStatus.CONFLICT),
  APPLY_GATED("apply-gated", HttpStatus.CONFLICT),
  TARGET_UNREACHABLE("target-unreachable", HttpStatus.BAD_GATEWAY),
  GIT_REMOTE_FAILED("git-remote-failed", HttpStatus.BAD_GATEWAY),
  /** A Helm chart repository or OCI registry that cannot be reached, or answers with an error. */
  CHART_SOURCE_FAILED("chart-source-failed", HttpStatus.BAD_GATEWAY),
  /** Helm's native library does not load on this server's platform, so no chart can be rendered. */
  HELM_UNAVAILABLE("helm-unavailable", HttpStatus.SERVICE_UNAVAILABLE),
  PAYLOAD_TOO_LARGE("payload-too-large", HttpStatus.CONTENT_TOO_LARGE),
  /** A request body that took longer than {@code tandem.http.body-timeout} to arrive. */
  REQUEST_TIMEOUT("request-timeout", HttpStatus.REQUEST_TIMEOUT),
  UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED),
  FORBIDDEN("forbidden", HttpStatus.FORBIDDEN),
  RATE_LIMITED("rate-limited", HttpStatus.TOO_MANY_REQUESTS),
  /** A request path in any but its one canonical form (needless percent-encoding, dot segments, //, ;, a trailing /). */
  NON_CANONICAL_PATH("non-canonical-path", HttpStatus.BAD_REQUEST),
  /** An outbound destination (cluster, webhook, Git remote) on an address the server must not call (loopback, private…). */
  DESTINATION_NOT_ALLOWED("destination-not-allowed", HttpStatus.BAD_REQUEST),
  /**
   * A use of a target (apply, import, live state) by a space it is not granted to, or of a namespace, an object of
   * cluster scope or Secret values its grant does not cover.
   */
  TARGET_NOT_ALLOWED("target-not-allowed", HttpStatus.FORBIDDEN),
  /**
   * An outbound URL whose host is written in a form that parsers read differently: an IPv4 address other than
   * dotted-quad decimal (octal, hexadecimal, short or integer forms, leading zeros), or an IPv6 address with a zone ID.
   */
  URL_NOT_ALLOWED("url-not-allowed", HttpStatus.BAD_REQUEST),
  /** An apply of an object that another unit applied, without {@code takeOver=true}. */
  OBJECT_OWNED_BY_ANOTHER_UNIT("object-owned-by-another-unit", HttpStatus.CONFLICT),
  /**
   * A destroy or delete of a unit with objects on a cluster that does not confirm it ({@code confirm=<unit slug>};
   * bulk: {@code "confirm": true} and the {@code count} of units) while its space's destroy gate is on; the detail and
   * {@code objects} say what would be removed.
   */
  CONFIRMATION_REQUIRED("confirmation-required", HttpStatus.CONFLICT),
  /** A change of the target of a unit with objects on its target, without {@code moveObjects=true}. */
  UNIT_IS_LIVE("unit-is-live", HttpStatus.CONFLICT),
  /** A revoke of the organisation's last active org-admin token, which would leave nobody to issue tokens. */
  LAST_ORG_ADMIN("last-org-admin", HttpStatus.CONFLICT),
  /**
   * An apply while a sync window keeps the unit from being applied (a deny window is open, or none of its allow
   * windows is), without {@code overrideSyncWindows=true}; the detail names the window and when it may be applied.
   */
  SYNC_WINDOW_CLOSED("sync-window-closed", HttpStatus.CONFLICT),
  /** A worker that speaks another worker protocol than this server. */
  WORKER_INCOMPATIBLE("worker-incompatible", HttpStatus.CONFLICT),
  /** An approval by the author of the revision, in a space with four-eyes approval on. */
  SELF_APPROVAL("self-approval", HttpStatus.FORBIDDEN),
  // HTTP-level mistakes that are not about Tandem's resources.
  METHOD_NOT_ALLOWED("method-not-allowed", HttpStatus.METHOD_NOT_ALLOWED),
  NOT_ACCEPTABLE("not-acceptable", HttpStatus.NOT_ACCEPTABLE),
  UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", HttpStatus.UNSUPPORTED_MEDIA_TYPE),
  INTERNAL_ERROR("internal-error", HttpStatus.INTERNAL_SERVER_ERROR);

  private static final String TYPE_PREFIX = "urn:tandem:problem:";

  private final String code;
  private final HttpStatus status;

  ProblemCode(String code, HttpStatus status) {
    this.code = code;
    this.status = status;
  }

  public String code() {
    return code;
  }

  public HttpStatus status() {
    return status;
  }

  public URI type() {
    return URI.create(TYPE_PREFIX + code);
  }

  /** The code used for an HTTP status that was raised without one (by Spring MVC or the servlet container). */
  public static ProblemCode forStatus(int status) {
    return switch (status) {
      case 400 -> VALIDATION_FAILED;
      case 401 -> UNAUTHORIZED;
      case 403 -> FORBIDDEN;
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 409 -> CONFLICT;
      case 412 -> PRECONDITION_FAILED;
      case 408 -> REQUEST_TIMEOUT;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      case 429 -> RATE_LIMITED;
      default -> status >= 500 ? INTERNAL_ERROR : VALIDATION_FAILED;
    };
  }
}
