package io.tandem.workers.remote;

import io.micrometer.core.instrument.MeterRegistry;
import io.tandem.common.error.TandemException;
import io.tandem.targets.domain.ClusterHealth;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.WorkerClusters;
import io.tandem.workers.domain.ClusterWorker;
import io.tandem.workers.domain.WorkerCalls;
import io.tandem.workers.domain.Workers;
import io.tandem.workers.domain.WorkersProperties;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Worker-connected clusters, for the targets feature: sessions through the worker's calls. */
@Component
class WorkerClustersAdapter implements WorkerClusters {

  private final Workers workers;
  private final WorkerCalls calls;
  private final WorkersProperties settings;
  private final Clock clock;
  private final MeterRegistry meters;

  WorkerClustersAdapter(Workers workers, WorkerCalls calls, WorkersProperties settings, Clock clock,
      MeterRegistry meters) {
    this.meters = meters;
    this.workers = workers;
    this.calls = calls;
    this.settings = settings;
    this.clock = clock;
  }

  @Override
  public ClusterSession open(Target target, List<String> names) {
    String worker = workers.active(names).map(ClusterWorker::name).orElse(names.get(0));
    return new WorkerSession(target, worker, workers, calls, settings, meters);
  }

  @Override
  public ClusterHealth check(List<String> names) {
    try {
      Optional<ClusterWorker> active = workers.active(names);
      if (active.isPresent()) {
        ClusterWorker found = active.get();
        return new ClusterHealth(true, "worker " + (names.size() > 1 ? found.name() + " " : "")
            + (found.version() == null ? "" : found.version()), null, null, clock.instant());
      }
      String error = names.size() == 1 ? "worker '" + names.get(0) + "' is not connected"
          : "none of its workers (" + String.join(", ", names) + ") is connected";
      return new ClusterHealth(false, null, null, error, clock.instant());
    } catch (TandemException e) {
      return new ClusterHealth(false, null, null, e.getMessage(), clock.instant());
    }
  }

  @Override
  public void requireUsable(String worker) {
    if (!workers.exists(worker)) {
      throw TandemException.validation("Field 'connection': worker '" + worker + "' is not registered"
          + " (POST /api/v1/workers).");
    }
  }
}
