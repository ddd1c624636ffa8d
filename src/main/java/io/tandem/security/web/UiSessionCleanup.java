package io.tandem.security.web;

import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import java.util.Collection;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.stereotype.Component;

/**
 * Deletes the web UI's expired sessions every minute (a session past its timeout is refused when read anyway); one
 * replica does it, the holder of the lease {@code job:session-cleanup}, so Spring Session's own cleanup is off
 * ({@code spring.session.jdbc.cleanup-cron=-}).
 */
@Component
class UiSessionCleanup implements LeasedWork {

  private static final String LEASE = LeasedWork.job("session-cleanup");

  private final JdbcIndexedSessionRepository sessions;
  private final Leases leases;

  UiSessionCleanup(JdbcIndexedSessionRepository sessions, Leases leases) {
    this.sessions = sessions;
    this.leases = leases;
  }

  @Scheduled(initialDelayString = "1m", fixedDelayString = "1m")
  void cleanUp() {
    if (leases.holds(LEASE)) {
      sessions.cleanUpExpiredSessions();
    }
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }
}
