package io.tandem.targets.domain;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.crypto.CredentialCipher;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.patch.MergePatch;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** Registered clusters: their credentials sealed at rest, their health checked on registration and periodically. */
@Service
public class TargetService {

  /** The fields a patch may set. */
  public static final Set<String> PATCHABLE =
      Set.of("namespace", "kubeconfig", "context", "server", "token", "caData", "insecureSkipTlsVerify", "connection");
  private static final Logger log = LoggerFactory.getLogger(TargetService.class);

  private final TargetStore store;
  private final CredentialCipher cipher;
  private final ClusterClient cluster;
  private final TargetGrants grants;
  private final Clock clock;
  private final WorkerClusters workers;

  public TargetService(TargetStore store, CredentialCipher cipher, ClusterClient cluster, WorkerClusters workers,
      TargetGrants grants, Clock clock) {
    this.store = store;
    this.cipher = cipher;
    this.cluster = cluster;
    this.workers = workers;
    this.grants = grants;
    this.clock = clock;
  }

  /** A registration request; exactly one of kubeconfig, server + token, or a worker. */
  public record Registration(
      String slug, String kubeconfig, String context, String namespace, String server, String token, String caData,
      Boolean insecureSkipTlsVerify, String worker, List<String> standbyWorkers) {

    public Registration(String slug, String kubeconfig, String context, String namespace, String server, String token,
        String caData, Boolean insecureSkipTlsVerify) {
      this(slug, kubeconfig, context, namespace, server, token, caData, insecureSkipTlsVerify, null, null);
    }

    @Override
    public String toString() {
      return "Registration[slug=" + slug + ", credentials redacted]";
    }
  }

  public Target register(Registration request) {
    Slugs.require("slug", request.slug());
    TargetCredentials credentials = request.worker() != null ? viaWorker(request)
        : credentials(request.kubeconfig(), request.context(), request.server(), request.token(), request.caData(),
            Boolean.TRUE.equals(request.insecureSkipTlsVerify()));
    requireUsable(credentials);
    String namespace = namespace(request.namespace());
    String server = server(credentials);
    Instant now = now();
    Target target = new Target(UUID.randomUUID(), request.slug(), server, namespace, null, null, null, null, null, now, now);
    if (!store.insert(target, seal(target.id(), credentials))) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Target '" + request.slug() + "' already exists.");
    }
    return check(request.slug());
  }

  /** Registers or replaces a target the server itself provides (the sandbox). */
  public void registerBuiltIn(String slug, TargetCredentials credentials, String namespace) {
    Instant now = now();
    String server = server(credentials);
    UUID id = store.find(slug).map(stored -> stored.target().id()).orElse(UUID.randomUUID());
    store.upsert(new Target(id, slug, server, namespace, null, null, null, null, null, now, now), seal(id, credentials));
  }

  public Target get(String slug) {
    return stored(slug).target();
  }

  /** The targets reached through the worker {@code worker}. */
  public List<String> reachedThrough(String worker) {
    return store.all().stream().map(TargetStore.Stored::target)
        .filter(target -> WorkerClusters.workersOf(target.server()).contains(worker)).map(Target::slug).toList();
  }

  /** The targets reached through each worker that has any (as the worker or a standby), by the worker's name. */
  public Map<String, List<String>> reachedThroughEachWorker() {
    Map<String, List<String>> reached = new TreeMap<>();
    workersByTarget().forEach((target, names) -> names.forEach(name ->
        reached.computeIfAbsent(name, any -> new ArrayList<>()).add(target)));
    return reached;
  }

  /** The worker-connected targets, each with its worker and standbys in order. */
  public Map<String, List<String>> workersByTarget() {
    return store.all().stream().map(TargetStore.Stored::target)
        .filter(target -> target.server().startsWith(WorkerClusters.SCHEME))
        .collect(Collectors.toMap(Target::slug, target -> WorkerClusters.workersOf(target.server())));
  }

  /** The targets reached through any worker: their workers watch them, not the server. */
  public Set<String> reachedThroughWorkers() {
    return workersByTarget().keySet();
  }

  public ListResponse<Target> list(PageRequest page) {
    return page.page(store.list(page), Target::slug);
  }

  /**
   * Changes the target's settings and credentials as the patch says.
   *
   * @param patch a merge patch of the fields in {@link #PATCHABLE}
   */
  public Target patch(String slug, MergePatch patch) {
    if (store
        .update(
            slug,
            stored -> {
              Target current = stored.target();
              TargetCredentials old = unseal(stored);
              boolean kubeconfigGiven = patch.has("kubeconfig") && patch.text("kubeconfig") != null;
              boolean serverGiven = patch.has("server") || patch.has("token") || patch.has("caData") || patch.has("insecureSkipTlsVerify");
              TargetCredentials credentials = old;
              if (patch.has("connection")) {
                if (kubeconfigGiven || patch.has("context") || serverGiven) {
                  throw TandemException.validation("Give either 'connection' or a kubeconfig or server, not both.");
                }
                credentials = WorkerConnection.patched(patch.patch("connection", WorkerConnection.FIELDS), old);
                requireUsable(credentials);
              } else if (kubeconfigGiven || patch.has("context") || serverGiven) {
                boolean useKubeconfig = kubeconfigGiven || (old.kubeconfig() != null && !serverGiven);
                credentials =
                    useKubeconfig
                        ? credentials(kubeconfigGiven ? patch.text("kubeconfig") : old.kubeconfig(),
                            patch.has("context") ? patch.text("context") : old.context(), null, null, null, false)
                        : credentials(null, null, patch.has("server") ? patch.text("server") : old.server(),
                            patch.has("token") ? patch.text("token") : old.token(),
                            patch.has("caData") ? patch.text("caData") : old.caData(),
                            patch.has("insecureSkipTlsVerify") ? Boolean.TRUE.equals(patch.bool("insecureSkipTlsVerify")) : old.insecureSkipTlsVerify());
                requireUsable(credentials);
              }
              String namespace = patch.has("namespace") ? namespace(patch.text("namespace")) : current.namespace();
              String server = server(credentials);
              Target changed = new Target(current.id(), slug, server, namespace, current.reachable(), current.serverVersion(),
                  current.latencyMs(), current.lastError(), current.lastCheckedAt(), current.createdAt(), now());
              return new TargetStore.Stored(changed, seal(current.id(), credentials));
            })
        .isEmpty()) {
      throw notFound(slug);
    }
    return check(slug);
  }

  public void delete(String slug) {
    stored(slug);
    long units = store.unitsUsing(slug);
    if (units > 0) {
      throw TandemException.conflict("Target '" + slug + "' is used by " + units + " unit(s); point them elsewhere first.");
    }
    store.delete(slug);
  }

  /** Checks the target's health now and records it. */
  public Target check(String slug) {
    TargetStore.Stored stored = stored(slug);
    TargetCredentials credentials = unseal(stored);
    ClusterHealth health = credentials.viaWorker() ? workers.check(credentials.workers()) : cluster.check(credentials);
    store.recordHealth(slug, health);
    logChange(slug, stored.target().reachable(), health);
    return stored.target().withHealth(health);
  }

  /** A cluster that goes away, or comes back, is one line in the log, not one per check. */
  private static void logChange(String slug, Boolean wasReachable, ClusterHealth health) {
    if (!health.reachable() && !Boolean.FALSE.equals(wasReachable)) {
      log.warn("Target {} cannot be reached: {}", slug, health.error());
    } else if (health.reachable() && Boolean.FALSE.equals(wasReachable)) {
      log.info("Target {} can be reached again", slug);
    }
  }

  /**
   * A session on a target's cluster for a space's {@code use} of it; nothing is sent until it is used. Every use of a
   * target on behalf of a space goes through here, so none escapes the target's grants.
   *
   * @throws TandemException {@code target-not-allowed} unless the space is granted that use, {@code not-found} for an
   *     unknown target, {@code conflict} for credentials this server cannot unseal (sealed with another encryption
   *     key), {@code destination-not-allowed}
   */
  public ClusterSession connect(String slug, String space, TargetUse use) {
    grants.require(space, slug, use);
    return connect(slug, (target, credentials) -> credentials.viaWorker() ? workers.open(target, credentials.workers())
        : cluster.open(target, credentials));
  }

  /**
   * What {@code open} makes of a target and its credentials, which go nowhere else: for the server's own watch of a
   * target's objects, which only tells the units' refreshes (each connecting for its space) when to look.
   *
   * @throws TandemException as {@link #connect(String, String, TargetUse)}, but for the grants
   */
  public <T> T connect(String slug, BiFunction<Target, TargetCredentials, T> open) {
    TargetStore.Stored stored = stored(slug);
    TargetCredentials credentials;
    try {
      credentials = unseal(stored);
    } catch (IllegalStateException e) {
      throw TandemException.conflict("Target '" + slug + "': " + e.getMessage());
    }
    return open.apply(stored.target(), credentials);
  }

  /**
   * @throws TandemException {@code validation-failed} for a certificate or key that cannot be used,
   *     {@code destination-not-allowed}
   */
  private void requireUsable(TargetCredentials credentials) {
    if (credentials.viaWorker()) {
      credentials.workers().forEach(workers::requireUsable);
    } else {
      cluster.requireUsable(credentials);
    }
  }

  private String server(TargetCredentials credentials) {
    return credentials.viaWorker() ? WorkerClusters.SCHEME + String.join(",", credentials.workers())
        : cluster.server(credentials);
  }

  private static TargetCredentials viaWorker(Registration request) {
    if (request.kubeconfig() != null || request.server() != null || request.token() != null) {
      throw TandemException.validation("Give either 'connection.worker' or a kubeconfig or server, not both.");
    }
    return WorkerConnection.of(request.worker(), request.standbyWorkers());
  }


  private TargetStore.Stored stored(String slug) {
    return store.find(slug).orElseThrow(() -> notFound(slug));
  }

  private static TandemException notFound(String slug) {
    return TandemException.notFound("Target '" + slug + "' does not exist.");
  }

  private static String namespace(String namespace) {
    return namespace == null || namespace.isBlank() ? null : Slugs.require("namespace", namespace);
  }

  private static TargetCredentials credentials(
      String kubeconfig, String context, String server, String token, String caData, boolean insecure) {
    boolean hasKubeconfig = kubeconfig != null && !kubeconfig.isBlank();
    boolean hasServer = server != null && !server.isBlank();
    if (hasKubeconfig == hasServer) {
      throw TandemException.validation("Give either 'kubeconfig' (with an optional 'context') or 'server' and 'token'.");
    }
    if (hasServer) {
      if (!server.startsWith("https://") && !server.startsWith("http://")) {
        throw TandemException.validation("Field 'server' must be an http(s) URL.");
      }
      if (token == null || token.isBlank()) {
        throw TandemException.validation("Field 'token' is required with 'server'.");
      }
      return new TargetCredentials(null, null, server, token, caData, insecure);
    }
    return new TargetCredentials(kubeconfig, context, null, null, null, false);
  }

  private byte[] seal(UUID id, TargetCredentials credentials) {
    return cipher.encrypt(JsonColumns.write(credentials), id.toString());
  }

  private TargetCredentials unseal(TargetStore.Stored stored) {
    return JsonColumns.read(cipher.decrypt(stored.sealedCredentials(), stored.target().id().toString()), TargetCredentials.class);
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
