package io.tandem.live.domain;

import io.tandem.targets.domain.WatchScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per watched object, its content as last known ({@link io.tandem.common.yaml.ContentFingerprint}: what is left once
 * status and server metadata are cleaned off) and the resource versions known to have had it since it last changed.
 * A controller writing an object's status moves its version, not its content: such an event is no change for a
 * refresh to read, and a unit observed at one of those versions is observed as it is now.
 */
final class ContentRuns {

  /** The most versions kept of one run: its first (often what an apply made) and the latest. */
  static final int KEPT_VERSIONS = 8;

  private record Run(long fingerprint, List<String> versions) {

    Run with(String version) {
      if (versions.contains(version)) {
        return this;
      }
      List<String> kept = new ArrayList<>(versions);
      if (kept.size() == KEPT_VERSIONS) {
        kept.remove(1);
      }
      kept.add(version);
      return new Run(fingerprint, List.copyOf(kept));
    }
  }

  private final Map<WatchScope, Map<String, Run>> runs = new ConcurrentHashMap<>();

  /**
   * Takes the object as it is at {@code version}: another version of the content known, or new content.
   *
   * @return whether the content differs from the one known (also when none was)
   */
  boolean moved(WatchScope scope, String name, String version, long fingerprint) {
    boolean[] moved = {false};
    runs.computeIfAbsent(scope, key -> new ConcurrentHashMap<>()).compute(name, (key, run) -> {
      if (run != null && run.fingerprint() == fingerprint) {
        return run.with(version);
      }
      moved[0] = true;
      return new Run(fingerprint, List.of(version));
    });
    return moved[0];
  }

  /** Whether the object had, at each of these versions, the content it has now as far as is known. */
  boolean same(WatchScope scope, String name, String version, String other) {
    Run run = runs.getOrDefault(scope, Map.of()).get(name);
    return run != null && run.versions().contains(version) && run.versions().contains(other);
  }

  void gone(WatchScope scope, String name) {
    Map<String, Run> names = runs.get(scope);
    if (names != null) {
      names.remove(name);
    }
  }

  void forget(WatchScope scope) {
    runs.remove(scope);
  }

  /** Keeps only the objects still watched. */
  void retain(Map<WatchScope, ? extends Map<String, ?>> watched) {
    runs.forEach((scope, names) -> {
      Map<String, ?> wanted = watched.get(scope);
      if (wanted == null) {
        runs.remove(scope);
      } else {
        names.keySet().retainAll(wanted.keySet());
      }
    });
  }

  void clear() {
    runs.clear();
  }
}
