package io.tandem.security.domain;

import io.tandem.security.SecurityProperties;
import jakarta.annotation.PreDestroy;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * When what a server cached about tokens and roles ({@link FreshCache}) stops counting. Database triggers bump the
 * {@code security_change} row in the transaction of every change to a token or a role; every server polls the row on
 * a thread of its own (one small query per interval, not per request) and moves to a new generation when it changed.
 * The server that makes a change moves at once, when its transaction commits ({@link #changed()}). A poll that fails
 * moves too: without it, no cached entry can be trusted.
 */
@Component
public class SecurityChanges {

  private static final Logger log = LoggerFactory.getLogger(SecurityChanges.class);

  private final SecurityVersion version;
  private final long pollMillis;
  private final AtomicLong generation = new AtomicLong();
  private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "security-changes");
    thread.setDaemon(true);
    return thread;
  });
  private long seen = -1;
  private boolean failing;

  SecurityChanges(SecurityVersion version, SecurityProperties settings) {
    this.version = version;
    this.pollMillis = Math.max(1, settings.cache().changePoll().toMillis());
  }

  /** The generation cached entries must have been read in to be served. */
  long generation() {
    return generation.get();
  }

  /** Moves this server on once the current transaction (if any) commits a change to tokens or roles. */
  public void changed() {
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
        @Override
        public void afterCommit() {
          generation.incrementAndGet();
        }
      });
    } else {
      generation.incrementAndGet();
    }
  }

  @EventListener(ApplicationReadyEvent.class)
  void startPolling() {
    var unused = poller.scheduleWithFixedDelay(this::poll, 0, pollMillis, TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stopPolling() {
    poller.shutdownNow();
  }

  void poll() {
    try {
      long current = version.current();
      if (failing) {
        log.info("The security change counter is readable again");
        failing = false;
      }
      if (current != seen) {
        seen = current;
        generation.incrementAndGet();
      }
    } catch (RuntimeException e) {
      generation.incrementAndGet();
      if (!failing) {
        log.warn("Cannot read the security change counter, so nothing cached about tokens and roles is used: {}", e.toString());
        failing = true;
      }
    }
  }
}
