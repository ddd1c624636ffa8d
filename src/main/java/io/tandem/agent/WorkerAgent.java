package io.tandem.agent;

import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.workers.protocol.WorkerProtocol;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A worker beside its cluster: it connects out to the server only, asks for its calls with a long poll (an HTTPS
 * request that the server answers as soon as there are calls, or empty after {@link #POLL}; it passes proxies and
 * firewalls that allow plain HTTPS out, and needs no connection kept open in between), runs each in its own cluster
 * and sends the response. A server that cannot be reached is asked again, a second later and then less often, until it
 * answers: a restart of either side loses nothing but the calls in flight, which their askers see as unanswered.
 */
public final class WorkerAgent implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorkerAgent.class);
  static final Duration POLL = Duration.ofSeconds(20);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final URI server;
  private final String name;
  private final String credential;
  private final String version;
  private final CallRunner runner;
  /** This start of the worker: the server fails what it sent to an earlier one. */
  private final String boot = java.util.UUID.randomUUID().toString();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final ExecutorService calls;
  static final Duration WATCH_RESYNC = Duration.ofSeconds(10);
  private final Duration watchResync;
  private final AgentWatches watches;
  private final ScheduledExecutorService watching = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "worker-watches");
    thread.setDaemon(true);
    return thread;
  });
  /**
   * The calls it has fetched and not answered yet (running, queued, or their answer being sent): each poll says them,
   * so the server sends again those it sent and this worker never got, or whose answer never arrived.
   */
  private final Set<String> holding = ConcurrentHashMap.newKeySet();
  private volatile boolean stopped;
  private volatile Thread polling;
  private volatile boolean serverUnreachable;
  private volatile boolean connectedOnce;
  /** Whether the server reads the statuses of moved objects; an older one does not. */
  private volatile boolean statusesRead = true;

  /**
   * @param server the server's base URL ({@code https://tandem.example})
   * @param credential the credential {@code POST /api/v1/workers} returned
   * @param threads how many calls it runs at once
   */
  public WorkerAgent(URI server, String name, String credential, String version, ClusterClient cluster,
      TargetCredentials local, int threads) {
    this(server, name, credential, version, cluster, local, threads, WATCH_RESYNC);
  }

  /** @param watchResync how often it asks the server what to watch */
  public WorkerAgent(URI server, String name, String credential, String version, ClusterClient cluster,
      TargetCredentials local, int threads, Duration watchResync) {
    this.watchResync = watchResync;
    this.watches = new AgentWatches(local, this::report);
    this.server = server;
    this.name = name;
    this.credential = credential;
    this.version = version;
    this.runner = new CallRunner(cluster, local);
    this.calls = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "worker-call");
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Asks for calls and runs them until {@link #close()}; returns when the server refuses this worker for good. */
  public void run() {
    polling = Thread.currentThread();
    var unused = watching.scheduleWithFixedDelay(this::syncWatches, 0, watchResync.toMillis(), TimeUnit.MILLISECONDS);
    Duration backoff = Duration.ofSeconds(1);
    while (!stopped) {
      try {
        HttpResponse<String> polled = http.send(get("/calls?wait=" + POLL.toSeconds() + "&protocol="
            + WorkerProtocol.VERSION + "&boot=" + boot + "&version=" + URLEncoder.encode(version, StandardCharsets.UTF_8)
            + "&holding=" + String.join(",", holding)),
            HttpResponse.BodyHandlers.ofString());
        if (refused(polled)) {
          return;
        }
        reachable();
        backoff = Duration.ofSeconds(1);
        if (polled.statusCode() == 200) {
          JSON.readTree(polled.body()).path("items").forEach(this::hold);
        }
      } catch (IOException e) {
        unreachable(e);
        sleep(backoff);
        backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Asks what to watch, and watches it; a failure waits for the next turn. */
  private void syncWatches() {
    try {
      HttpResponse<String> wanted = http.send(HttpRequest.newBuilder(endpoint("/watches")).timeout(Duration.ofSeconds(30))
          .header("Authorization", "Bearer " + credential).GET().build(), HttpResponse.BodyHandlers.ofString());
      if (wanted.statusCode() == 200) {
        List<AgentWatches.Watched> objects = new ArrayList<>();
        JSON.readTree(wanted.body()).path("items").forEach(item -> objects.add(JSON.treeToValue(item,
            AgentWatches.Watched.class)));
        watches.sync(objects);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("Could not sync the watches: {}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Tells the server which objects moved, off the watch's thread. A server older than the statuses in a report refuses
   * them (400): it is told the bare moves from then on, and refreshes what moved to learn their health.
   */
  private void report(List<AgentWatches.Watched> moved) {
    calls.execute(() -> {
      try {
        if (statusesRead && postChanges(moved) == 400) {
          statusesRead = false;
          log.info("The server does not read the status of moved objects (an older version): reporting the moves only");
        }
        if (!statusesRead) {
          postChanges(moved.stream().map(AgentWatches.Watched::bare).toList());
        }
      } catch (IOException e) {
        log.info("Could not report {} moved object(s): {}", moved.size(), e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }

  private int postChanges(List<?> moved) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(endpoint("/changes")).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + credential).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(java.util.Map.of("items", moved)))).build(),
        HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** Runs the call, holding it until its answer is sent, or failed to be. */
  private void hold(JsonNode call) {
    String id = call.path("id").asString();
    if (!holding.add(id)) {
      return; // sent again while this worker still held it: its answer is on the way
    }
    calls.execute(() -> {
      try {
        answer(call);
      } finally {
        holding.remove(id);
      }
    });
  }

  private void answer(JsonNode call) {
    String id = call.path("id").asString();
    String response = runner.run(call.path("target").asString(), call.path("namespace").asString(null),
        call.path("operation").asString(), call.path("request").asString());
    try {
      HttpResponse<String> answered = http.send(HttpRequest.newBuilder(endpoint("/calls/" + id))
          .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + credential)
          .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(response)).build(),
          HttpResponse.BodyHandlers.ofString());
      if (answered.statusCode() != 204) {
        log.info("The server did not take the answer to call {} (HTTP {}); its asker gave up", id, answered.statusCode());
      }
    } catch (IOException e) {
      log.info("Could not send the answer to call {}: {}", id, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** 401, 403, 404, 409: the credential is revoked or wrong, or the protocols differ; asking again would not help. */
  private boolean refused(HttpResponse<String> polled) {
    int status = polled.statusCode();
    if (status == 401 || status == 403 || status == 404 || status == 409) {
      log.error("The server refuses worker '{}' (HTTP {}): {}", name, status, polled.body());
      return true;
    }
    if (status != 200) {
      log.warn("The server answered HTTP {} to worker '{}'; asking again", status, name);
      sleep(Duration.ofSeconds(1));
    }
    return false;
  }

  private HttpRequest get(String path) {
    return HttpRequest.newBuilder(endpoint(path)).timeout(POLL.plusSeconds(15))
        .header("Authorization", "Bearer " + credential).GET().build();
  }

  private URI endpoint(String path) {
    return server.resolve("/api/v1/workers/" + name + path);
  }

  private void unreachable(IOException e) {
    if (!serverUnreachable && !stopped) {
      serverUnreachable = true;
      log.warn("Worker '{}' cannot reach the server at {} ({}); trying again", name, server, e.getClass().getSimpleName());
    }
  }

  private void reachable() {
    if (!connectedOnce) {
      connectedOnce = true;
      log.info("Worker '{}' (version {}, start {}) is connected to {}", name, version, boot, server);
    } else if (serverUnreachable) {
      log.info("Worker '{}' reaches the server again", name);
    }
    serverUnreachable = false;
  }

  private void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
    }
  }

  @Override
  public void close() {
    stopped = true;
    watching.shutdownNow();
    watches.close();
    Thread running = polling;
    if (running != null) {
      running.interrupt();
    }
    calls.shutdown();
    try {
      calls.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
