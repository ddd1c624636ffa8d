package io.tandem.replica.domain;

import io.tandem.replica.ReplicaProperties;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * This replica's leases: it heartbeats and renews them every third of {@code tandem.replicas.lease-period}, takes
 * free ones up to its fair share (see {@link Fairness}), hands back the excess when others join, and tells the
 * {@link LeaseListener}s. A lease counts as held only while its last renewal is younger than one period, so a replica
 * cut off from the database stops its work before anyone else may take it.
 *
 * <p>It starts last and stops first of the context's lifecycle: a stopping replica (SIGTERM) hands back every lease
 * at once and leaves, so the others take its work at their next renewal instead of after the lease runs out.
 */
@Component
public class Leases implements SmartLifecycle, ApplicationListener<WebServerInitializedEvent> {

  private static final Logger log = LoggerFactory.getLogger(Leases.class);

  private final ReplicaStore store;
  private final ObjectProvider<LeasedWork> work;
  private final ObjectProvider<LeaseListener> listeners;
  private final Duration period;
  private final UUID id = UUID.randomUUID();
  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private volatile long renewedAt;
  private volatile boolean running;
  private volatile boolean databaseUnavailable;
  private String host;
  /** The API's port, once its web server listens; 0 before. */
  private volatile int port;
  private ScheduledExecutorService ticks;

  Leases(ReplicaStore store, ObjectProvider<LeasedWork> work, ObjectProvider<LeaseListener> listeners,
      ReplicaProperties settings) {
    this.store = store;
    this.work = work;
    this.listeners = listeners;
    this.period = settings.leasePeriod();
  }

  /** Whether this replica holds the lease {@code name} now. */
  public boolean holds(String name) {
    return running && held.contains(name) && System.nanoTime() - renewedAt < period.toNanos();
  }

  /** The slugs of the targets whose lease this replica holds now. */
  public List<String> heldTargets() {
    String prefix = LeasedWork.target("");
    return held.stream().filter(name -> name.startsWith(prefix) && holds(name))
        .map(name -> name.substring(prefix.length())).sorted().toList();
  }

  /** This replica in words: its host and API port, as {@code GET /api/v1/replicas} lists it. */
  public String describe() {
    return "server " + (host == null ? host() : host) + ":" + port;
  }

  /** This replica's id in the {@code replica} table, for as long as the process lives. */
  public UUID id() {
    return id;
  }

  /** The API's web server listens: said at once, rather than at the next heartbeat, when this replica already runs. */
  @Override
  public void onApplicationEvent(WebServerInitializedEvent event) {
    if (event.getApplicationContext().getServerNamespace() != null) {
      return; // the actuator's own port, when it has one
    }
    port = event.getWebServer().getPort();
    synchronized (this) {
      if (running) {
        try {
          store.heartbeat(id, host, ProcessHandle.current().pid(), port);
        } catch (DataAccessException e) {
          databaseUnreachable(e);
        }
      }
    }
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    host = host();
    ticks = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "replica-lease");
      thread.setDaemon(true);
      return thread;
    });
    tick();
    long every = Math.max(1, period.toMillis() / 3);
    var unused = ticks.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() {
    synchronized (this) {
      if (!running) {
        return;
      }
      running = false;
      ticks.shutdownNow();
    }
    List<String> letGo = List.copyOf(held);
    held.clear();
    try {
      store.leave(id);
      log.info("Replica {} left; {} lease(s) handed back", id, letGo.size());
    } catch (DataAccessException e) {
      log.warn("Replica {} could not hand back its leases ({}); they run out within {}", id,
          e.getMostSpecificCause().getMessage(), period);
    }
    letGo.forEach(name -> tell(listener -> listener.released(name)));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return SmartLifecycle.DEFAULT_PHASE;
  }

  synchronized void tick() {
    if (!running) {
      return;
    }
    try {
      long started = System.nanoTime();
      store.heartbeat(id, host, ProcessHandle.current().pid(), port);
      Set<String> renewed = store.renew(id, period);
      renewedAt = started;
      databaseReachable();
      lose(difference(held, renewed));
      balance(renewed);
      store.forgetDead(period);
    } catch (DataAccessException e) {
      databaseUnreachable(e);
      if (System.nanoTime() - renewedAt >= period.toNanos()) {
        lose(Set.copyOf(held));
      }
    } catch (RuntimeException e) {
      log.warn("Replica {}: lease renewal failed; retrying", id, e);
    }
  }

  private void balance(Set<String> renewed) {
    Set<String> wanted = new HashSet<>();
    work.orderedStream().forEach(each -> wanted.addAll(each.leaseNames()));
    List<UUID> live = store.live(period);
    Fairness.Plan plan = Fairness.plan(wanted, renewed, live.size(), Fairness.fewestHeld(live, store.leases()));
    for (String name : plan.release()) {
      store.release(id, name);
    }
    lose(plan.release());
    Map<String, List<String>> groups = Fairness.byGroup(store.free(difference(wanted, held)));
    plan.room().forEach((group, room) -> {
      List<String> free = new ArrayList<>(groups.getOrDefault(group, List.of()));
      Collections.shuffle(free); // joiners at once try different names first
      int left = room;
      for (String name : free) {
        if (left == 0) {
          break;
        }
        ReplicaStore.Taken taken = store.take(name, id, period);
        if (taken != ReplicaStore.Taken.NO) {
          left--;
          held.add(name);
          log.debug("Replica {} took lease {} ({})", id, name, taken);
          tell(listener -> listener.acquired(name, taken == ReplicaStore.Taken.EXPIRED));
        }
      }
    });
  }

  private void lose(Set<String> names) {
    for (String name : names) {
      if (held.remove(name)) {
        log.debug("Replica {} no longer holds lease {}", id, name);
        tell(listener -> listener.released(name));
      }
    }
  }

  private void tell(Consumer<LeaseListener> call) {
    listeners.orderedStream().forEach(listener -> {
      try {
        call.accept(listener);
      } catch (RuntimeException e) {
        log.warn("A lease listener failed", e);
      }
    });
  }

  private static Set<String> difference(Set<String> from, Set<String> minus) {
    Set<String> rest = new HashSet<>(from);
    rest.removeAll(minus);
    return rest;
  }

  private void databaseUnreachable(DataAccessException e) {
    if (!databaseUnavailable) {
      databaseUnavailable = true;
      log.warn("Replica {} cannot renew its leases ({}); retrying", id, e.getMostSpecificCause().getMessage());
    }
  }

  private void databaseReachable() {
    if (databaseUnavailable) {
      databaseUnavailable = false;
      log.info("Replica {} renews its leases again", id);
    }
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown";
    }
  }
}
