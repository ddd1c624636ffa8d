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
  public ClusterSession open(Target target, String worker) {
    return new WorkerSession(target, worker, workers, calls, settings, meters);
  }

  @Override
  public ClusterHealth check(String worker) {
    try {
      ClusterWorker found = workers.find(worker);
      boolean connected = workers.connected(found);
      return new ClusterHealth(connected, found.version() == null ? null : "worker " + found.version(),
          null, connected ? null : "worker '" + worker + "' is not connected", clock.instant());
    } catch (TandemException e) {
      return new ClusterHealth(false, null, null, e.getMessage(), clock.instant());
    }
  }

  @Override
  public void requireUsable(String worker) {
    if (!workers.exists(worker)) {
      throw TandemException.validation("Field 'connection.worker': worker '" + worker + "' is not registered"
          + " (POST /api/v1/workers).");
    }
  }
}
