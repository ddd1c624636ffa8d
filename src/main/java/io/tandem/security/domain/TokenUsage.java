package io.tandem.security.domain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * When each token was last used ({@code last_used_at}), to the minute: a request only notes the time in memory, at
 * most once a minute per token, and the notes are written in one batch a second later, off the request path. A
 * failed write is logged and tried again; it never fails a request.
 */
@Component
class TokenUsage {

  static final Duration RESOLUTION = Duration.ofMinutes(1);

  private static final Logger log = LoggerFactory.getLogger(TokenUsage.class);

  private final TokenStore store;
  private final Clock clock;
  /** When this server last noted each token's use; older than {@link #RESOLUTION}, an entry is dropped. */
  private final Map<UUID, Instant> noted = new ConcurrentHashMap<>();
  private final Map<UUID, Instant> pending = new ConcurrentHashMap<>();
  /** Said once when writing starts failing, and once when it works again, not at every retry. */
  private boolean failing;

  TokenUsage(TokenStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  void used(UUID token) {
    Instant now = clock.instant();
    Instant last = noted.get(token);
    if (last == null || !now.isBefore(last.plus(RESOLUTION))) {
      noted.put(token, now);
      pending.put(token, now);
    }
  }

  @Scheduled(initialDelayString = "1s", fixedDelayString = "1s")
  void write() {
    Instant stale = clock.instant().minus(RESOLUTION);
    noted.values().removeIf(at -> at.isBefore(stale));
    if (pending.isEmpty()) {
      return;
    }
    Map<UUID, Instant> batch = Map.copyOf(pending);
    // a use noted meanwhile stays pending for the next batch
    batch.forEach(pending::remove);
    try {
      store.used(batch);
      if (failing) {
        log.info("Token uses are recorded again");
        failing = false;
      }
    } catch (RuntimeException e) {
      batch.forEach(pending::putIfAbsent);
      if (!failing) {
        log.warn("Could not record when {} token(s) were last used; trying again each second: {}", batch.size(),
            e.toString());
        failing = true;
      }
    }
  }
}
