package io.tandem.workers.remote;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterListing;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.DryRun;
import io.tandem.targets.domain.ObjectSelection;
import io.tandem.targets.domain.Target;
import io.tandem.workers.domain.ClusterWorker;
import io.tandem.workers.domain.WorkerCalls;
import io.tandem.workers.domain.Workers;
import io.tandem.workers.domain.WorkersProperties;
import io.tandem.workers.protocol.WorkerProtocol;
import io.tandem.workers.protocol.WorkerProtocol.CallFailed;
import io.tandem.workers.protocol.WorkerProtocol.Failure;
import io.tandem.workers.protocol.WorkerProtocol.Operation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A session on a cluster through its worker: each method is one call the worker runs on its own session of the same
 * kind ({@code ClusterApplier} and the rest, as for a direct connection) and answers. A worker that is not connected,
 * or does not answer in time, is a cluster that cannot be reached.
 */
final class WorkerSession implements ClusterSession {

  private final Target target;
  private final String worker;
  private final Workers workers;
  private final WorkerCalls calls;
  private final WorkersProperties settings;
  private final MeterRegistry meters;

  WorkerSession(Target target, String worker, Workers workers, WorkerCalls calls, WorkersProperties settings,
      MeterRegistry meters) {
    this.meters = meters;
    this.target = target;
    this.worker = worker;
    this.workers = workers;
    this.calls = calls;
    this.settings = settings;
  }

  @Override
  public Target target() {
    return target;
  }

  /**
   * The objects are read again after the apply (one call more) rather than taken from its answer: the worker's watches
   * follow a new object only from their next sync, and until then what the server has of its status is what it read.
   */
  @Override
  public ApplyReport apply(String data, String previousData, Set<ObjectKey> spare) {
    return report(Operation.APPLY, new WorkerProtocol.ApplyRequest(data, previousData, List.copyOf(spare)))
        .withoutStored();
  }

  @Override
  public DryRun dryRun(String data, String previousData, Set<ObjectKey> spare) {
    return result(call(Operation.DRY_RUN, new WorkerProtocol.ApplyRequest(data, previousData, List.copyOf(spare)),
        settings.callTimeout()), DryRun.class);
  }

  @Override
  public ApplyReport destroy(String data, Set<ObjectKey> spare) {
    return report(Operation.DESTROY, new WorkerProtocol.DestroyRequest(data, List.copyOf(spare)));
  }

  @Override
  public List<Map<String, Object>> read(String data) {
    String response = call(Operation.READ, new WorkerProtocol.ReadRequest(data), settings.callTimeout());
    try {
      return WorkerProtocol.objects(response);
    } catch (CallFailed e) {
      throw problem(e.failure());
    }
  }

  @Override
  public ClusterListing list(ObjectSelection selection) {
    return result(call(Operation.LIST, selection, settings.callTimeout()), ClusterListing.class);
  }

  @Override
  public void close() {
    // nothing held between calls
  }

  /** An apply or destroy: its report, or one that says nothing was changed because the cluster was not reached. */
  private ApplyReport report(Operation operation, Object request) {
    try {
      return WorkerProtocol.result(call(operation, request, settings.applyTimeout()), ApplyReport.class);
    } catch (CallFailed e) {
      return notReached(e.failure().message());
    } catch (TandemException e) {
      return notReached(e.getMessage());
    }
  }

  private static ApplyReport notReached(String why) {
    return new ApplyReport(List.of(), List.of(), List.of(), List.of(), null, why, true);
  }

  private <T> T result(String response, Class<T> type) {
    try {
      return WorkerProtocol.result(response, type);
    } catch (CallFailed e) {
      throw problem(e.failure());
    }
  }

  /**
   * The response of the worker to one call.
   *
   * @throws TandemException {@code target-unreachable} when the worker is not connected or does not answer in time
   */
  private String call(Operation operation, Object request, Duration timeout) {
    ClusterWorker connected = workers.find(worker);
    if (!workers.connected(connected)) {
      throw new TandemException(ProblemCode.TARGET_UNREACHABLE, "worker '" + worker + "' is not connected"
          + (connected.lastSeenAt() == null ? " (it never was)" : " (last seen " + connected.lastSeenAt() + ")"));
    }
    long started = System.nanoTime();
    Optional<String> response = calls.call(connected, target.slug(), target.namespace(), operation.name(),
        WorkerProtocol.write(request), timeout, () -> workers.connected(workers.find(worker)));
    Timer.builder("tandem.worker.calls").description("Calls to workers, from queued to answered (or given up)")
        .tag("operation", operation.name()).tag("answered", String.valueOf(response.isPresent())).register(meters)
        .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
    return response.orElseThrow(() -> new TandemException(
            ProblemCode.TARGET_UNREACHABLE, "worker '" + worker + "' did not answer (it stopped asking for work, or took"
                + " longer than " + timeout.toSeconds() + " s); whether the call took effect is unknown"));
  }

  private static TandemException problem(Failure failure) {
    ProblemCode code = ProblemCode.VALIDATION_FAILED.code().equals(failure.code()) ? ProblemCode.VALIDATION_FAILED
        : ProblemCode.TARGET_UNREACHABLE;
    return new TandemException(code, failure.message());
  }
}
