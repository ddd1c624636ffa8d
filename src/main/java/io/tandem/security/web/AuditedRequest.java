package io.tandem.security.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.tandem.common.web.AuditNote;
import io.tandem.security.domain.Audit;
import io.tandem.security.domain.Caller;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The write request being served on this thread, so that its audit entry can be written in the transaction that
 * commits its change ({@code persistence.AuditInTransaction}) rather than in a commit of its own afterwards.
 */
public final class AuditedRequest {

  private static final ThreadLocal<AuditedRequest> CURRENT = new ThreadLocal<>();
  /** Handler method → the success status its API declares; looked up once per method, not per request. */
  private static final Map<Method, Integer> SUCCESS_STATUS = new ConcurrentHashMap<>();
  private static final Map<Method, String> OPERATIONS = new ConcurrentHashMap<>();
  private static final int MAX_DETAIL = 500;

  private final HttpServletRequest request;
  /** The entry written in a committed transaction, with the status it was written with; null while none is. */
  private Long entryId;
  private int entryStatus;

  private AuditedRequest(HttpServletRequest request) {
    this.request = request;
  }

  static AuditedRequest begin(HttpServletRequest request) {
    AuditedRequest audited = new AuditedRequest(request);
    CURRENT.set(audited);
    return audited;
  }

  public static Optional<AuditedRequest> current() {
    return Optional.ofNullable(CURRENT.get());
  }

  void end() {
    CURRENT.remove();
  }

  /**
   * Whether a transaction beginning now carries the request's change: only once the handler runs (a filter's own
   * writes are not the request's change), and only until one has committed with the entry.
   */
  public boolean awaitsItsEntry() {
    return entryId == null && handler().isPresent();
  }

  public Audit.Entry entry(Instant at, int status) {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    String subject = authentication != null && authentication.getPrincipal() instanceof Caller caller
        ? caller.name()
        : "(unauthenticated)";
    // the decoded path variable of the handler that ran; null when the request never reached one
    Object space = request.getAttribute(AccessInterceptor.SPACE_ATTRIBUTE);
    Object operation = request.getAttribute(AuditNote.OPERATION);
    Object detail = request.getAttribute(AuditNote.DETAIL);
    return new Audit.Entry(0, at, subject, request.getMethod(), request.getRequestURI(), status,
        request.getRemoteAddr(), space == null ? null : space.toString(),
        operation != null ? operation.toString() : handler().map(AuditedRequest::operationOf).orElse(null),
        detail == null ? null : cut(detail.toString()));
  }

  /**
   * The status the handler answers with when its change commits: the first success response its API declares (the
   * filter corrects the entry in the rare case the answer differs).
   */
  public int successStatus() {
    return handler().map(method -> SUCCESS_STATUS.computeIfAbsent(method, AuditedRequest::declaredSuccess)).orElse(200);
  }

  private static String cut(String detail) {
    return detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL - 1) + "\u2026";
  }

  /** The operation id its API declares ({@code applyUnit}); else the handler's own name ({@code UnitButtons.undo}). */
  private static String operationOf(Method method) {
    return OPERATIONS.computeIfAbsent(method, handler -> {
      Operation declared = AnnotatedElementUtils.findMergedAnnotation(handler, Operation.class);
      return declared != null && !declared.operationId().isEmpty() ? declared.operationId()
          : handler.getDeclaringClass().getSimpleName() + "." + handler.getName();
    });
  }

  private static int declaredSuccess(Method method) {
    return AnnotatedElementUtils.findMergedRepeatableAnnotations(method, ApiResponse.class).stream()
        .map(ApiResponse::responseCode)
        .filter(code -> code.matches("2\\d\\d"))
        .map(Integer::valueOf)
        .findFirst()
        .orElse(200);
  }

  public void written(long id, int status) {
    entryId = id;
    entryStatus = status;
  }

  /** The transaction that wrote the entry rolled back after all: the entry went with it. */
  public void lost() {
    entryId = null;
  }

  Long entryId() {
    return entryId;
  }

  int entryStatus() {
    return entryStatus;
  }

  private Optional<Method> handler() {
    return request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod method
        ? Optional.of(method.getMethod())
        : Optional.empty();
  }
}
