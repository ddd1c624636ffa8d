package io.tandem.portal;

import java.time.Clock;
import java.time.Duration;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Events are kept for {@code tandem.events.retention}; a client away longer resumes from what is left. */
@Component
class EventRetention {

  private final EventStore store;
  private final Clock clock;
  private final Duration retention;

  EventRetention(EventStore store, Clock clock, EventsProperties settings) {
    this.store = store;
    this.clock = clock;
    this.retention = settings.retention();
  }

  @Scheduled(initialDelayString = "1m", fixedDelayString = "1h")
  void prune() {
    store.deleteBefore(clock.instant().minus(retention));
  }
}
