package io.tandem.workers.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import io.tandem.security.domain.Caller;
import io.tandem.targets.domain.TargetService;
import io.tandem.workers.domain.ClusterWorker;
import io.tandem.workers.domain.WorkerCalls;
import io.tandem.workers.domain.WorkerWatches;
import io.tandem.workers.domain.Workers;
import io.tandem.workers.protocol.WorkerProtocol;
import java.net.URI;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.RestController;

@RestController
class WorkersController implements WorkersApi {

  private static final int MAX_WAIT_SECONDS = 30;

  private final Workers workers;
  private final WorkerCalls calls;
  private final WorkerWatches watches;
  private final TargetService targets;

  WorkersController(Workers workers, WorkerCalls calls, WorkerWatches watches, TargetService targets) {
    this.targets = targets;
    this.workers = workers;
    this.calls = calls;
    this.watches = watches;
  }

  @Override
  public ResponseEntity<RegisteredWorker> createWorker(CreateWorkerRequest request, Principal principal) {
    if (request == null || request.name() == null) {
      throw TandemException.validation("Give the worker's name: {\"name\": \"prod-east\"}.");
    }
    Workers.Registered registered = workers.register(request.name(), Authors.of(principal));
    return ResponseEntity.created(URI.create("/api/v1/workers/" + request.name()))
        .body(new RegisteredWorker(response(registered.worker(), List.of()), registered.credential()));
  }

  @Override
  public WorkerList listWorkers() {
    Map<String, List<String>> reached = targets.reachedThroughEachWorker();
    return new WorkerList(workers.list().stream()
        .map(view -> response(view, reached.getOrDefault(view.worker().name(), List.of()))).toList());
  }

  @Override
  public WorkerResponse getWorker(String worker) {
    return response(workers.get(worker), targets.reachedThrough(worker));
  }

  @Override
  public ResponseEntity<Void> deleteWorker(String worker) {
    workers.delete(worker);
    return ResponseEntity.noContent().build();
  }

  @Override
  public CallList pollWorkerCalls(String worker, Integer wait, Integer protocol, String version, String boot,
      List<UUID> holding, Principal principal) {
    ClusterWorker self = workers.requireSelf(worker, tokenPrefix(principal));
    if (wait != null && (wait < 0 || wait > MAX_WAIT_SECONDS)) {
      throw TandemException.invalidArgument("Parameter 'wait' must be 0-" + MAX_WAIT_SECONDS + " seconds.");
    }
    workers.seen(self, protocol == null ? 0 : protocol, version, boot);
    return new CallList(calls.poll(self, boot, holding, Duration.ofSeconds(wait == null ? 0 : wait)).stream()
        .map(call -> new CallResponse(call.id(), call.target(), call.namespace(), call.operation(), call.request()))
        .toList());
  }

  @Override
  public ResponseEntity<Void> answerWorkerCall(String worker, UUID call, String response, Principal principal) {
    ClusterWorker self = workers.requireSelf(worker, tokenPrefix(principal));
    if (!WorkerProtocol.isResponse(response)) {
      throw TandemException.validation("The body must be a call's response: {\"result\": …} or {\"failure\": …}.");
    }
    if (!calls.answer(self, call, response)) {
      throw TandemException.notFound("Call " + call + " is not waiting for worker '" + worker + "' (its asker gave up).");
    }
    return ResponseEntity.noContent().build();
  }

  @Override
  public WatchList listWorkerWatches(String worker, Principal principal) {
    ClusterWorker self = workers.requireSelf(worker, tokenPrefix(principal));
    return new WatchList(watches.watchedBy(self).stream().map(watch -> new WatchedObject(watch.object().target(),
        watch.object().apiVersion(), watch.object().kind(), watch.object().namespace(), watch.object().name(),
        watch.object().resourceVersion(), null, null, null, watch.judgedByRule() ? Boolean.TRUE : null, null))
        .toList());
  }

  @Override
  public ResponseEntity<Void> reportWorkerChanges(String worker, WatchList changes, Principal principal) {
    ClusterWorker self = workers.requireSelf(worker, tokenPrefix(principal));
    if (changes == null || changes.items() == null || changes.items().stream().anyMatch(change -> change == null
        || change.target() == null || change.kind() == null || change.name() == null)) {
      throw TandemException.validation("Give the objects that moved: {\"items\": [{\"target\", \"apiVersion\","
          + " \"kind\", \"namespace\", \"name\"}]}.");
    }
    watches.moved(self, changes.items().stream().map(WorkersController::moved).toList());
    return ResponseEntity.noContent().build();
  }

  private static WorkerWatches.MovedObject moved(WatchedObject change) {
    ObjectHealth health = null;
    if (change.status() != null) {
      try {
        health = new ObjectHealth(ObjectStatus.valueOf(change.status()), Objects.toString(change.reason(), ""));
      } catch (IllegalArgumentException e) {
        throw TandemException.validation("Unknown status '" + change.status() + "' of " + change.kind() + " "
            + change.name() + ": one of " + java.util.Arrays.toString(ObjectStatus.values()) + ".");
      }
    }
    return new WorkerWatches.MovedObject(new WorkerWatches.WatchedObject(change.target(), change.apiVersion(),
        change.kind(), change.namespace(), change.name(), change.resourceVersion()), health,
        Boolean.TRUE.equals(change.statusOnly()), change.object());
  }

  private static String tokenPrefix(Principal principal) {
    return principal instanceof Authentication authentication && authentication.getPrincipal() instanceof Caller caller
        ? caller.tokenPrefix() : null;
  }

  private static WorkerResponse response(Workers.View view, List<String> targets) {
    ClusterWorker worker = view.worker();
    return new WorkerResponse(worker.name(), view.connected(), worker.lastSeenAt(), worker.version(), targets,
        view.calls().pending(), view.calls().sent(), worker.createdBy(), worker.createdAt());
  }
}
