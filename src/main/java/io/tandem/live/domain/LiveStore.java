package io.tandem.live.domain;

import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.LiveStateSource;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The last observed live state of each unit, and the baseline refreshes compare with. */
public interface LiveStore extends LiveStateSource {

  /** What was seen: cleaned objects in the order of the unit's data, and the names of objects that were missing. */
  public record Snapshot(
      List<Map<String, Object>> baseline,
      List<Map<String, Object>> observed,
      List<Map<String, Object>> resources,
      List<String> missing,
      Instant observedAt,
      BreakGlassHold hold) {}

  /** A change by people held from being reverted (drift mode Revert) until {@code until}. */
  public record BreakGlassHold(List<String> by, Instant since, Instant until) {

    public boolean expired(Instant now) {
      return !now.isBefore(until);
    }
  }

  /**
   * One object of an applied unit as last seen on its target: what the watches follow; {@code resourceVersion} is the
   * version that observation read ({@code null}: not known). {@code settled}: its unit was last seen without drift,
   * without a break-glass hold and with none of its objects missing, so that a refresh of it changes nothing while
   * its objects stay as they were.
   */
  public record WatchedObject(UUID unitId, String target, String apiVersion, String kind, String namespace, String name,
      String resourceVersion, boolean settled) {}

  @Override
  default Optional<String> liveState(UUID unitId, String applied) {
    return find(unitId).map(snapshot -> LiveText.of(applied, snapshot));
  }

  /** The observed objects as multi-document YAML. */
  static String yaml(Snapshot snapshot) {
    return KubernetesYaml.render(snapshot.observed());
  }

  Optional<Snapshot> find(UUID unitId);

  /** The objects of every applied unit, as last observed (missing ones are not among them). */
  List<WatchedObject> watchedObjects();

  /** The objects of applied units on these targets. */
  List<WatchedObject> watchedObjectsOn(Collection<String> targets);

  /** Those of these objects, by target, that an applied unit holds, as last observed: looked up by key. */
  List<WatchedObject> watchedObjectsAmong(Map<String, ? extends Collection<ObjectKey>> keysByTarget);

  /**
   * Records an observation; with {@code moveBaseline}, configuration and cluster agree again at this state, so a
   * break-glass hold ends.
   */
  void record(UUID unitId, List<Map<String, Object>> observed, List<Map<String, Object>> resources,
      List<String> missing, boolean moveBaseline, Instant at);

  /** Starts a hold unless one is running; the hold in force either way. */
  BreakGlassHold hold(UUID unitId, List<String> by, Instant since, Instant until);

  void releaseHold(UUID unitId);

  void recordDrift(UUID unitId, Drift drift);

  /** Forgets what was observed of the unit (it was destroyed). */
  void forget(UUID unitId);
}
