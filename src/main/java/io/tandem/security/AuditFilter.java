package io.tandem.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/** Records every write to the API, refused ones included, once it has been answered. */
class AuditFilter extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(AuditFilter.class);
  private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

  private final Audit audit;
  private final Clock clock;

  AuditFilter(Audit audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return READS.contains(request.getMethod()) || !request.getRequestURI().startsWith("/api/");
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      chain.doFilter(request, response);
    } finally {
      Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
      String subject = authentication != null && authentication.getPrincipal() instanceof Caller caller ? caller.name() : "(unauthenticated)";
      // the decoded path variable of the handler that ran; null when the request never reached one
      Object space = request.getAttribute(AccessInterceptor.SPACE_ATTRIBUTE);
      try {
        audit.record(new Audit.Entry(0, clock.instant(), subject, request.getMethod(), request.getRequestURI(),
            response.getStatus(), request.getRemoteAddr(), space == null ? null : space.toString()));
      } catch (RuntimeException e) {
        log.error("Could not write the audit entry of {} {} by {}", request.getMethod(), request.getRequestURI(), subject, e);
      }
    }
  }
}
