package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.targets.domain.TargetCredentials;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Kubernetes clients kept for the next session of the same credentials and namespace. A client of its own for every
 * action cost a client build (the JDK's trust store read, the client's adapters looked up on the class path) and a TLS
 * handshake with the API server for its connections: two fifths of the action workers' CPU, and most of Vert.x's, in
 * the fleet benchmark. A client no session has used for {@link #IDLE} is closed, and so is the least recently used
 * idle one past {@link #MAX}; changed credentials (a rotated token) are another key, and the old client idles out.
 */
final class SharedClients implements AutoCloseable {

  static final Duration IDLE = Duration.ofMinutes(5);
  static final int MAX = 256;

  /** The credentials (which the client holds anyway), and the client's default namespace. */
  record Key(TargetCredentials credentials, String namespace) {

    static Key of(TargetCredentials credentials, String namespace) {
      return new Key(credentials, namespace);
    }
  }

  private static final class Entry {
    final KubernetesClient client;
    int sessions;
    long lastUsed;

    Entry(KubernetesClient client) {
      this.client = client;
    }
  }

  private final Map<Key, Entry> clients = new LinkedHashMap<>(16, 0.75f, true);
  private final Supplier<Long> nanoTime;

  SharedClients(Supplier<Long> nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** The client for {@code key}, built by {@code build} when there is none; {@link #release} it when done. */
  KubernetesClient take(Key key, Supplier<KubernetesClient> build) {
    List<KubernetesClient> closing = new ArrayList<>();
    try {
      synchronized (this) {
        closing.addAll(evict());
        Entry entry = clients.get(key);
        if (entry == null) {
          entry = new Entry(build.get());
          clients.put(key, entry);
        }
        entry.sessions++;
        entry.lastUsed = nanoTime.get();
        return entry.client;
      }
    } finally {
      closing.forEach(KubernetesClient::close); // also when build failed
    }
  }

  /** A session of {@code key}'s client ended; the client stays open for the next. */
  synchronized void release(Key key) {
    Entry entry = clients.get(key);
    if (entry != null) {
      entry.sessions--;
      entry.lastUsed = nanoTime.get();
    }
  }

  synchronized int size() {
    return clients.size();
  }

  /** Takes out the clients idle too long, and the least recently used idle ones past {@link #MAX}. */
  private List<KubernetesClient> evict() {
    List<KubernetesClient> closing = new ArrayList<>();
    long now = nanoTime.get();
    int over = clients.size() - MAX + 1;
    for (Iterator<Entry> it = clients.values().iterator(); it.hasNext(); ) {
      Entry entry = it.next();
      if (entry.sessions == 0 && (over > 0 || now - entry.lastUsed > IDLE.toNanos())) {
        it.remove();
        closing.add(entry.client);
        over--;
      }
    }
    return closing;
  }

  @Override
  public void close() {
    List<KubernetesClient> all;
    synchronized (this) {
      all = clients.values().stream().map(entry -> entry.client).toList();
      clients.clear();
    }
    all.forEach(KubernetesClient::close);
  }
}
