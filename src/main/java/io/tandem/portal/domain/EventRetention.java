package io.tandem.portal.domain;

import io.tandem.portal.EventsProperties;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Events are kept for {@code tandem.events.retention}; a client away longer resumes from what is left. One replica
 * prunes them: the holder of the lease {@code job:event-retention}.
 */
@Component
class EventRetention implements LeasedWork {

  private static final String LEASE = LeasedWork.job("event-retention");

  private final EventStore store;
  private final Clock clock;
  private final Duration retention;
  private final Leases leases;

  EventRetention(EventStore store, Clock clock, Leases leases, EventsProperties settings) {
    this.leases = leases;
    this.store = store;
    this.clock = clock;
    this.retention = settings.retention();
  }

  @Scheduled(initialDelayString = "1m", fixedDelayString = "1h")
  void prune() {
    if (!leases.holds(LEASE)) {
      return;
    }
    store.deleteBefore(clock.instant().minus(retention));
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }
}
