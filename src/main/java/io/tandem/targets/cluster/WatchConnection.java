package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import io.tandem.targets.domain.WatchSession;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** One client to a target's cluster, shared by the server's watches of it. */
final class WatchConnection implements WatchSession {

  private final Target target;
  private final KubernetesClient client;
  private final Set<ObjectWatcher> open = ConcurrentHashMap.newKeySet();

  WatchConnection(Target target, KubernetesClient client) {
    this.target = target;
    this.client = client;
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public ObjectWatch watch(WatchScope scope, WatchListener listener) {
    ObjectWatcher watcher = ObjectWatcher.start(client, scope, listener, open::remove);
    open.add(watcher);
    return watcher;
  }

  @Override
  public void close() {
    List<ObjectWatcher> closing = List.copyOf(open);
    closing.forEach(ObjectWatcher::close);
    Watches.awaitClosed(closing.stream().map(ObjectWatcher::watch).toList());
    client.close();
  }
}
