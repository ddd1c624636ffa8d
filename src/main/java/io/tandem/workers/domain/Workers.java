package io.tandem.workers.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.security.domain.TokenService;
import io.tandem.targets.domain.WorkerClusters;
import io.tandem.workers.protocol.WorkerProtocol;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The registered workers. Each authenticates with an API token of its own, issued with it (subject
 * {@code worker:<name>}, no role in any space, so it reads no unit), which is all it may use: the calls of its own
 * targets. Deleting a worker revokes its token at once.
 */
@Service
public class Workers {


  /**
   * A worker as listed: whether it is connected now, and its queue.
   */
  public record View(ClusterWorker worker, boolean connected, WorkerCallStore.Depth calls) {}

  /** A new worker and its credential, shown this once. */
  public record Registered(View worker, String credential) {}

  private final WorkerStore store;
  private final WorkerCallStore calls;
  private final TokenService tokens;
  private final Clock clock;
  private final Duration connectedWithin;
  private final ApplicationEventPublisher events;

  Workers(WorkerStore store, WorkerCallStore calls, TokenService tokens, Clock clock, WorkersProperties settings,
      ApplicationEventPublisher events) {
    this.events = events;
    this.connectedWithin = settings.connectedWithin();
    this.store = store;
    this.calls = calls;
    this.tokens = tokens;
    this.clock = clock;
  }

  @Transactional
  public Registered register(String name, String createdBy) {
    Slugs.require("name", name);
    if (store.find(name).isPresent()) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Worker '" + name + "' already exists.");
    }
    TokenService.Issued issued = tokens.issue("worker " + name, subject(name), false, createdBy);
    ClusterWorker worker = new ClusterWorker(UUID.randomUUID(), name, issued.token().id(), issued.token().prefix(),
        createdBy, now(), null, null, null);
    if (!store.insert(worker)) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Worker '" + name + "' already exists.");
    }
    return new Registered(view(worker, WorkerCallStore.Depth.EMPTY), issued.secret());
  }

  public List<View> list() {
    Map<UUID, WorkerCallStore.Depth> depths = calls.depths();
    return store.list().stream()
        .map(worker -> view(worker, depths.getOrDefault(worker.id(), WorkerCallStore.Depth.EMPTY))).toList();
  }

  public View get(String name) {
    ClusterWorker worker = find(name);
    return view(worker, calls.depths().getOrDefault(worker.id(), WorkerCallStore.Depth.EMPTY));
  }

  /** Whether the worker asked for work within {@code tandem.workers.connected-within}. */
  public boolean connected(ClusterWorker worker) {
    return worker.lastSeenAt() != null && worker.lastSeenAt().isAfter(clock.instant().minus(connectedWithin));
  }

  /** Deletes the worker and revokes its token; its targets stay, unreachable until pointed elsewhere. */
  @Transactional
  public void delete(String name) {
    ClusterWorker worker = find(name);
    store.delete(name);
    tokens.revoke(worker.tokenId());
  }

  /**
   * The worker {@code name}, when the caller is it: the token it presents is the worker's own.
   *
   * @throws TandemException {@code forbidden} otherwise, also for a worker that does not exist (so that no token
   *     learns which names do)
   */
  public ClusterWorker requireSelf(String name, String callerTokenPrefix) {
    return store.find(name).filter(worker -> worker.tokenPrefix().equals(callerTokenPrefix)).orElseThrow(() ->
        TandemException.forbidden("Only worker '" + name + "' itself, with its own credential, asks for its work."));
  }

  /**
   * Records that the worker asked for work. A new start of it ({@code boot}) lost the calls sent to the one before:
   * they are answered as failed, so that what waits for them goes on at once.
   *
   * @throws TandemException {@code worker-incompatible} for a worker that speaks another protocol
   */
  @Transactional
  public void seen(ClusterWorker worker, int protocol, String version, String boot) {
    if (protocol != WorkerProtocol.VERSION) {
      throw new TandemException(ProblemCode.WORKER_INCOMPATIBLE, "This server speaks worker protocol "
          + WorkerProtocol.VERSION + "; worker '" + worker.name() + "' (version " + version + ") speaks " + protocol
          + ". Run a worker of the server's version.");
    }
    boolean wasConnected = connected(worker);
    if (!wasConnected) {
      events.publishEvent(new WorkerClusters.Connected(worker.name()));
    }
    if (store.seen(worker.id(), version, boot, now())) {
      calls.answerSent(worker.id(), WorkerProtocol.failure(new WorkerProtocol.Failure("target-unreachable",
          "worker '" + worker.name() + "' restarted while it ran the call; whether the call took effect is unknown",
          true)), now());
    }
  }

  /**
   * The worker that serves a target named by {@code names} (its worker, then its standbys): the first of them that is
   * connected; empty when none is.
   */
  public Optional<ClusterWorker> active(List<String> names) {
    return names.stream().map(store::find).flatMap(Optional::stream).filter(this::connected).findFirst();
  }

  public ClusterWorker find(String name) {
    return store.find(name).orElseThrow(() -> TandemException.notFound("Worker '" + name + "' does not exist."));
  }

  public boolean exists(String name) {
    return store.find(name).isPresent();
  }

  private View view(ClusterWorker worker, WorkerCallStore.Depth depth) {
    return new View(worker, connected(worker), depth);
  }

  static String subject(String name) {
    return "worker:" + name;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
