package io.tandem.security.domain;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A small least-recently-used cache whose entries are trusted for a fixed time and only while the security
 * generation they were read in is current. The generation is taken before an entry is loaded: a load that raced a
 * change therefore carries the old generation and is never served, even if it is stored after the change was seen.
 */
final class FreshCache<K, V> {

  private record Entry<V>(V value, long generation, long loadedAt) {}

  private final Map<K, Entry<V>> entries;
  private final long ttlNanos;
  private final LongSupplier generation;

  FreshCache(int capacity, Duration ttl, LongSupplier generation) {
    this.ttlNanos = ttl.toNanos();
    this.generation = generation;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, Entry<V>> eldest) {
        return size() > capacity;
      }
    };
  }

  /** The value for {@code key}: cached while fresh, else loaded (outside any lock) and cached. */
  V get(K key, Function<K, V> load) {
    if (ttlNanos <= 0) {
      return load.apply(key);
    }
    long current = generation.getAsLong();
    long now = System.nanoTime();
    Entry<V> entry;
    synchronized (entries) {
      entry = entries.get(key);
    }
    if (entry != null && entry.generation() == current && now - entry.loadedAt() < ttlNanos) {
      return entry.value();
    }
    V value = load.apply(key);
    synchronized (entries) {
      entries.put(key, new Entry<>(value, current, now));
    }
    return value;
  }
}
