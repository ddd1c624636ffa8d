package io.tandem.live;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.tandem.target.domain.ApplyObserver;
import io.tandem.target.domain.ClusterApplier;
import io.tandem.target.domain.TargetService;
import io.tandem.unit.domain.Unit;
import io.tandem.worker.ActionQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Watches the objects of applied units on their clusters, so that an out-of-band change is refreshed within seconds
 * instead of at the next periodic pass: a change or deletion queues a background refresh (at most one open action
 * per unit, so a burst of events, or several replicas watching, queue one). Watches start when a unit is applied
 * on this server; after a restart the periodic refresh covers units until their next apply.
 */
@Component
class LiveWatches implements ApplyObserver, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(LiveWatches.class);

  private final TargetService targets;
  private final ActionQueue queue;
  private final boolean enabled;
  private final Map<UUID, List<Watch>> watches = new ConcurrentHashMap<>();
  private final Map<UUID, TargetService.Connection> connections = new ConcurrentHashMap<>();

  LiveWatches(TargetService targets, ActionQueue queue,
      @Value("${tandem.live.watch-enabled:true}") boolean enabled) {
    this.targets = targets;
    this.queue = queue;
    this.enabled = enabled;
  }

  @Override
  public void applied(Unit unit, KubernetesClient ignored, String defaultNamespace, String data) {
    if (!enabled) {
      return;
    }
    stop(unit.id());
    try {
      TargetService.Connection connection = targets.connect(unit.metadata().target());
      List<Watch> started = new ArrayList<>();
      for (HasMetadata object : ClusterApplier.objects(connection.client(), data, defaultNamespace)) {
        started.add(connection.client().resource(object).watch(new Watcher<HasMetadata>() {
          @Override
          public void eventReceived(Action action, HasMetadata resource) {
            if (action == Action.MODIFIED || action == Action.DELETED) {
              queue.enqueueBackgroundRefresh(unit.id());
            }
          }

          @Override
          public void onClose(WatcherException cause) {
            log.debug("Watch of unit {} closed: {}", unit.slug(), cause.getMessage());
          }
        }));
      }
      watches.put(unit.id(), started);
      connections.put(unit.id(), connection);
    } catch (RuntimeException e) {
      log.info("Cannot watch the objects of unit {}/{}; the periodic refresh covers it: {}", unit.space(), unit.slug(),
          io.tandem.target.domain.ClusterConnector.describe(e));
    }
  }

  @Override
  public void destroyed(Unit unit) {
    stop(unit.id());
  }

  private void stop(UUID unitId) {
    List<Watch> running = watches.remove(unitId);
    if (running != null) {
      running.forEach(Watch::close);
    }
    TargetService.Connection connection = connections.remove(unitId);
    if (connection != null) {
      connection.close();
    }
  }

  @Override
  public void destroy() {
    List.copyOf(watches.keySet()).forEach(this::stop);
  }
}
