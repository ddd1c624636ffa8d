package io.tandem.agent;

import io.tandem.common.error.TandemException;
import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.ObjectSelection;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.workers.protocol.WorkerProtocol;
import io.tandem.workers.protocol.WorkerProtocol.ApplyRequest;
import io.tandem.workers.protocol.WorkerProtocol.DestroyRequest;
import io.tandem.workers.protocol.WorkerProtocol.Failure;
import io.tandem.workers.protocol.WorkerProtocol.Operation;
import io.tandem.workers.protocol.WorkerProtocol.ReadRequest;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one call in the worker's own cluster, on the same sessions as the server's direct connections, and writes the
 * response: the result, or a failure in words of our own (never the cluster's text).
 */
final class CallRunner {

  private static final Logger log = LoggerFactory.getLogger(CallRunner.class);

  private final ClusterClient cluster;
  private final TargetCredentials credentials;

  CallRunner(ClusterClient cluster, TargetCredentials credentials) {
    this.cluster = cluster;
    this.credentials = credentials;
  }

  /** The response to a call of {@code operation} on {@code target} (its default namespace {@code namespace}). */
  String run(String target, String namespace, String operation, String request) {
    Target local = new Target(null, target, null, namespace, null, null, null, null, null, null, null);
    try (ClusterSession session = cluster.open(local, credentials)) {
      return WorkerProtocol.result(run(session, Operation.valueOf(operation), request));
    } catch (TandemException e) {
      return WorkerProtocol.failure(new Failure(e.code().code(), e.getMessage(), false));
    } catch (IllegalArgumentException e) {
      return WorkerProtocol.failure(new Failure("validation-failed", "Unknown operation '" + operation + "'.", false));
    } catch (RuntimeException e) {
      return WorkerProtocol.failure(new Failure("target-unreachable", cluster.describe(e), LocalClusters.notConnected(e)));
    } catch (LinkageError e) {
      // an incomplete installation (a jar missing beside the worker's): a bug to see, and an answer the asker can use
      log.error("Worker cannot run a {} call", operation, e);
      return WorkerProtocol.failure(new Failure("target-unreachable", "the worker cannot run the call ("
          + e.getClass().getSimpleName() + ": " + e.getMessage() + "); its installation is incomplete", false));
    }
  }

  private static Object run(ClusterSession session, Operation operation, String request) {
    return switch (operation) {
      case APPLY -> {
        ApplyRequest apply = WorkerProtocol.read(request, ApplyRequest.class);
        yield session.apply(apply.data(), apply.previousData(), Set.copyOf(apply.spare()));
      }
      case DRY_RUN -> {
        ApplyRequest apply = WorkerProtocol.read(request, ApplyRequest.class);
        yield session.dryRun(apply.data(), apply.previousData(), Set.copyOf(apply.spare()));
      }
      case DESTROY -> {
        DestroyRequest destroy = WorkerProtocol.read(request, DestroyRequest.class);
        yield session.destroy(destroy.data(), Set.copyOf(destroy.spare()));
      }
      case READ -> session.read(WorkerProtocol.read(request, ReadRequest.class).data());
      case LIST -> session.list(WorkerProtocol.read(request, ObjectSelection.class));
    };
  }
}
