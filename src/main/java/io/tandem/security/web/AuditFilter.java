package io.tandem.security.web;

import io.tandem.security.domain.Audit;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Records every write to the API, refused ones included: a change's entry is written in the change's own transaction
 * ({@code persistence.AuditInTransaction}); what committed nothing is recorded here once it has been answered.
 */
public class AuditFilter extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(AuditFilter.class);
  private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

  private final Audit audit;
  private final Clock clock;

  public AuditFilter(Audit audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return READS.contains(request.getMethod()) || !(request.getRequestURI().startsWith("/api/") || request.getRequestURI().startsWith("/ui/"));
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    AuditedRequest audited = AuditedRequest.begin(request);
    try {
      chain.doFilter(request, response);
    } finally {
      audited.end();
      record(audited, response.getStatus());
    }
  }

  /** Unless the change's transaction wrote the entry with this very status: the refused and the unexpected. */
  private void record(AuditedRequest audited, int status) {
    try {
      if (audited.entryId() == null) {
        audit.record(audited.entry(clock.instant(), status));
      } else if (audited.entryStatus() != status) {
        audit.correctStatus(audited.entryId(), status);
      }
    } catch (RuntimeException e) {
      Audit.Entry entry = audited.entry(clock.instant(), status);
      log.error("Could not write the audit entry of {} {} by {}", entry.method(), entry.path(), entry.subject(), e);
    }
  }
}
