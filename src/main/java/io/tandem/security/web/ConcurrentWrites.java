package io.tandem.security.web;

import io.tandem.security.domain.Caller;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many writes one caller has in progress on this server, at most {@code limit} at once: a caller that sends more
 * in parallel is refused the extra ones rather than taking every request thread. Callers are told apart by token;
 * anonymous callers (a local run) by their address. Per server: N replicas allow N times as many.
 */
public final class ConcurrentWrites {

  /** One write in progress; closing it (once) lets the caller's next one in. */
  interface Permit extends AutoCloseable {
    @Override
    void close();
  }

  private final int limit;
  private final ConcurrentMap<String, AtomicInteger> inProgress = new ConcurrentHashMap<>();

  /** @param limit the most writes a caller may have in progress at once; 0 for no limit */
  public ConcurrentWrites(int limit) {
    this.limit = limit;
  }

  int limit() {
    return limit;
  }

  /** A permit for one more write of {@code caller}, or empty when it has {@code limit} in progress already. */
  Optional<Permit> enter(String caller) {
    if (limit <= 0) {
      return Optional.of(() -> { });
    }
    boolean[] admitted = new boolean[1];
    inProgress.compute(caller, (key, count) -> {
      if (count != null && count.get() >= limit) {
        return count;
      }
      admitted[0] = true;
      AtomicInteger counted = count == null ? new AtomicInteger() : count;
      counted.incrementAndGet();
      return counted;
    });
    if (!admitted[0]) {
      return Optional.empty();
    }
    AtomicInteger closed = new AtomicInteger();
    return Optional.of(() -> {
      if (closed.getAndIncrement() == 0) {
        leave(caller);
      }
    });
  }

  private void leave(String caller) {
    // removed once at zero, under the map's lock for the key, so an idle caller holds no memory
    inProgress.computeIfPresent(caller, (key, count) -> count.decrementAndGet() <= 0 ? null : count);
  }

  /** The key a caller's writes are counted under. */
  static String keyOf(Caller caller, String remoteAddress) {
    if (caller.tokenPrefix() != null) {
      return "token:" + caller.tokenPrefix();
    }
    return Caller.ANONYMOUS.equals(caller.name()) ? "address:" + remoteAddress : "subject:" + caller.name();
  }
}
