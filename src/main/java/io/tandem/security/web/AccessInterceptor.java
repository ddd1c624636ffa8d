package io.tandem.security.web;

import io.tandem.common.access.Access;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.security.domain.AccessDecision;
import io.tandem.security.domain.Caller;
import io.tandem.security.domain.CallerAccessCheck;
import io.tandem.security.domain.ExpensiveCallLimiter;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Decides access on the handler that is about to run, from its {@link Access} declaration and its decoded path
 * variables, so that no spelling of a path can reach a handler under a rule meant for another. An {@code /api} or
 * web UI ({@code /ui}) handler without a declaration is refused for everyone, but for the UI's sign-in page. Expensive
 * operations are then counted against the caller's limit, and a write waits for none but is refused when the caller
 * has too many in progress ({@link ConcurrentWrites}).
 */
public class AccessInterceptor implements HandlerInterceptor {

  /** The space a request was about, once its handler is known (the audit log records it). */
  static final String SPACE_ATTRIBUTE = AccessInterceptor.class.getName() + ".space";

  private static final Logger log = LoggerFactory.getLogger(AccessInterceptor.class);

  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");
  private static final String WRITE_PERMIT = AccessInterceptor.class.getName() + ".write";

  private final CallerAccessCheck spaces;
  private final ExpensiveCallLimiter limiter;
  private final ConcurrentWrites writes;

  public AccessInterceptor(CallerAccessCheck spaces, ExpensiveCallLimiter limiter, ConcurrentWrites writes) {
    this.spaces = spaces;
    this.limiter = limiter;
    this.writes = writes;
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
    if (request.getDispatcherType() == DispatcherType.ERROR || !(handler instanceof HandlerMethod method)) {
      return true; // error pages, static resources; the security filter chain still guards them
    }
    Object route = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
    if (route == null || !(route.toString().startsWith("/api/") || route.toString().startsWith("/ui"))) {
      return true; // the OpenAPI document, actuator, the root page: open or guarded by the security filter chain
    }
    Access access = method.getMethodAnnotation(Access.class);
    if (access == null && route.toString().equals(UiTokenSignIn.PAGE)) {
      return true; // the web UI's sign-in page, before there is a caller
    }
    if (access == null) {
      log.error("{} has no @Access declaration; refusing it for everyone", method.getShortLogMessage());
      throw TandemException.forbidden("This operation is not open to anyone.");
    }
    if (access.value() == Access.Who.SIGNED_REQUEST) {
      return true;
    }
    Caller caller = CallerAccessCheck.current().orElseThrow(() -> new TandemException(ProblemCode.UNAUTHORIZED,
        TokenAuthenticationFilter.unauthorized(request)));
    String space = pathVariables(request).get("space");
    if (space != null) {
      request.setAttribute(SPACE_ATTRIBUTE, space);
    }
    decide(access, caller, space);
    if (access.expensive()) {
      limit(caller, response);
    }
    if (WRITES.contains(request.getMethod()) && request.getDispatcherType() == DispatcherType.REQUEST) {
      enterWrite(request, response, caller);
    }
    return true;
  }

  private void enterWrite(HttpServletRequest request, HttpServletResponse response, Caller caller) {
    ConcurrentWrites.Permit permit = writes.enter(ConcurrentWrites.keyOf(caller, request.getRemoteAddr()))
        .orElseThrow(() -> {
          response.setHeader("Retry-After", "1");
          return new TandemException(ProblemCode.RATE_LIMITED, "More than " + writes.limit()
              + " writes in progress at once for this caller; wait for one to finish.");
        });
    request.setAttribute(WRITE_PERMIT, permit);
  }

  @Override
  public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler, Exception ex) {
    if (request.getAttribute(WRITE_PERMIT) instanceof ConcurrentWrites.Permit permit) {
      request.removeAttribute(WRITE_PERMIT);
      permit.close();
    }
  }

  private void decide(Access access, Caller caller, String space) {
    if (caller.orgAdmin()) {
      return;
    }
    switch (access.value()) {
      case ANY_CALLER, SIGNED_REQUEST -> { }
      case ORG_ADMIN -> throw TandemException.forbidden(AccessDecision.needsOrgAdmin());
      case SPACE_CREATOR -> {
        if (!caller.mayCreateSpaces()) {
          throw TandemException.forbidden("Creating a space needs an organisation admin, or a token given"
              + " createSpaces (POST /api/v1/tokens with \"createSpaces\": true).");
        }
      }
      case SPACE_ROLE -> {
        if (space == null) {
          throw new IllegalStateException("A SPACE_ROLE operation without a {space} path variable");
        }
        spaces.require(space, access.role());
      }
    }
  }

  private void limit(Caller caller, HttpServletResponse response) {
    long waitSeconds = limiter.take(caller.name());
    if (waitSeconds > 0) {
      response.setHeader("Retry-After", Long.toString(waitSeconds));
      throw new TandemException(ProblemCode.RATE_LIMITED,
          "More than " + limiter.perMinute() + " expensive calls a minute; try again in " + waitSeconds + " s.");
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> pathVariables(HttpServletRequest request) {
    Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
    return variables instanceof Map<?, ?> map ? (Map<String, String>) map : Map.of();
  }
}
