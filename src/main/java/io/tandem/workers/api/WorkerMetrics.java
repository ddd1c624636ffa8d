package io.tandem.workers.api;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tandem.workers.domain.Workers;
import java.time.Duration;
import java.util.List;
import java.util.function.ToIntFunction;
import org.springframework.stereotype.Component;

/**
 * The workers on {@code /actuator/prometheus}: how many are registered and connected, and their calls queued and
 * running, summed over every worker ({@code GET /api/v1/workers} has each one's). One scrape reads the database once.
 */
@Component
class WorkerMetrics implements MeterBinder {

  private static final Duration FRESH = Duration.ofSeconds(1);

  private final Workers workers;
  private volatile Snapshot last = new Snapshot(List.of(), 0);

  WorkerMetrics(Workers workers) {
    this.workers = workers;
  }

  private record Snapshot(List<Workers.View> views, long takenAt) {}

  @Override
  public void bindTo(MeterRegistry registry) {
    gauge(registry, "tandem.workers", "state", "registered", "Registered workers", List::size);
    gauge(registry, "tandem.workers", "state", "connected", "Workers that asked for work lately",
        views -> (int) views.stream().filter(Workers.View::connected).count());
    gauge(registry, "tandem.worker.queue", "state", "pending", "Calls queued for workers, not fetched yet",
        views -> views.stream().mapToInt(view -> view.calls().pending()).sum());
    gauge(registry, "tandem.worker.queue", "state", "running", "Calls fetched by workers, not answered yet",
        views -> views.stream().mapToInt(view -> view.calls().sent()).sum());
  }

  private void gauge(MeterRegistry registry, String name, String tag, String value, String description,
      ToIntFunction<List<Workers.View>> of) {
    Gauge.builder(name, this, metrics -> of.applyAsInt(metrics.views())).tag(tag, value).description(description)
        .register(registry);
  }

  private List<Workers.View> views() {
    Snapshot snapshot = last;
    if (System.nanoTime() - snapshot.takenAt() > FRESH.toNanos() || snapshot.takenAt() == 0) {
      snapshot = new Snapshot(workers.list(), System.nanoTime());
      last = snapshot;
    }
    return snapshot.views();
  }
}
