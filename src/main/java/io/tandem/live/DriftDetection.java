package io.tandem.live;

import io.tandem.worker.ActionQueue;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Periodic drift detection: every interval (with up to 10% jitter, so replicas drift apart), a background refresh
 * is queued for every applied unit that has no open action; the workers run them, and each acts by its unit's drift
 * mode. Replicas may all do this: a unit with an open action is skipped, so none is refreshed twice at once.
 */
@Component
class DriftDetection {

  private static final Logger log = LoggerFactory.getLogger(DriftDetection.class);

  private final ActionQueue queue;
  private final boolean enabled;
  private final int batch;

  DriftDetection(
      ActionQueue queue,
      @Value("${tandem.live.detection-enabled:true}") boolean enabled,
      @Value("${tandem.live.detection-batch:10000}") int batch) {
    this.queue = queue;
    this.enabled = enabled;
    this.batch = batch;
  }

  @Scheduled(initialDelayString = "${tandem.live.refresh-interval:30s}", fixedDelayString = "${tandem.live.refresh-interval:30s}")
  void queueRefreshes() throws InterruptedException {
    if (!enabled) {
      return;
    }
    Thread.sleep(ThreadLocalRandom.current().nextLong(0, 1 + jitterMillis()));
    int queued = queue.enqueueBackgroundRefreshes(batch);
    if (queued > 0) {
      log.debug("Queued {} background refreshes", queued);
    }
  }

  @Value("${tandem.live.refresh-interval:30s}")
  private java.time.Duration interval;

  private long jitterMillis() {
    return interval == null ? 0 : interval.toMillis() / 10;
  }
}
