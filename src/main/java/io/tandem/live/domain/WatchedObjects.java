package io.tandem.live.domain;

import io.tandem.common.yaml.ContentFingerprint;
import io.tandem.targets.domain.WatchScope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Which unit each watched object belongs to, and the resource version last seen of each, for a list to compare with:
 * the version a watch saw last or, before a scope was ever listed here, the one the unit's last observation recorded.
 * Read by watch events on the client's threads; changed by {@link LiveWatches} under its lock.
 */
final class WatchedObjects {

  /** How long what an apply added is kept over resyncs, whatever the database said: two resyncs' worth and more. */
  static final Duration KEEP_ADDED = Duration.ofMinutes(2);

  private record Named(WatchScope scope, String name) {}

  private record Added(UUID unitId, Instant at) {}

  /** What applies added lately, with when. */
  private final Map<Named, Added> added = new ConcurrentHashMap<>();
  /** Scope → object name → unit; replaced whole by a resync, added to by an apply. */
  private volatile Map<WatchScope, Map<String, UUID>> owners = new ConcurrentHashMap<>();
  /** Scope → object name → the resource version last seen of each unit's object. */
  private final Map<WatchScope, Map<String, String>> versions = new ConcurrentHashMap<>();
  private final ContentRuns contents = new ContentRuns();
  /** Scope → object name → the resource version the unit's last apply or refresh read; "" when it is not known. */
  private volatile Map<WatchScope, Map<String, String>> recorded = Map.of();

  /**
   * Takes the objects the database names ({@code objects}, those in scopes that are {@code ours}) as what is watched,
   * with what applies added in the last {@link #KEEP_ADDED} merged into it: an apply names its objects here before its
   * observation is written, and a resync that read the database in between would otherwise drop them until the next,
   * losing their events meanwhile.
   *
   * @param ours whether this server watches a scope (its target's lease is held here, and no worker watches it)
   * @return what is watched now, by scope
   */
  Map<WatchScope, Map<String, UUID>> replace(List<LiveStore.WatchedObject> objects, Predicate<WatchScope> ours,
      Instant now) {
    Map<WatchScope, Map<String, UUID>> wanted = new ConcurrentHashMap<>();
    Map<WatchScope, Map<String, String>> recordedVersions = new HashMap<>();
    for (LiveStore.WatchedObject object : objects) {
      WatchScope scope = scopeOf(object);
      if (ours.test(scope)) {
        wanted.computeIfAbsent(scope, key -> new ConcurrentHashMap<>()).put(object.name(), object.unitId());
        recordedVersions.computeIfAbsent(scope, key -> new HashMap<>())
            .put(object.name(), Objects.requireNonNullElse(object.resourceVersion(), ""));
      }
    }
    added.entrySet().removeIf(entry -> entry.getValue().at().isBefore(now.minus(KEEP_ADDED))
        || !ours.test(entry.getKey().scope()));
    added.forEach((object, entry) -> wanted.computeIfAbsent(object.scope(), key -> new ConcurrentHashMap<>())
        .putIfAbsent(object.name(), entry.unitId()));
    owners = wanted;
    recorded = recordedVersions;
    contents.retain(wanted);
    return wanted;
  }

  /**
   * The units these objects' watches vouch for: settled when last observed, each of their objects in a scope watched
   * now, and the version its watch saw last the version that observation read, or one with the same content (only
   * its status or server metadata moved since). A refresh of one would read what it read last time and change
   * nothing.
   */
  Set<UUID> unchanged(List<LiveStore.WatchedObject> objects, Predicate<WatchScope> watchedNow) {
    Map<UUID, Boolean> vouched = new HashMap<>();
    for (LiveStore.WatchedObject object : objects) {
      WatchScope scope = scopeOf(object);
      String seen = seenVersion(scope, object.name());
      boolean same = object.settled() && object.resourceVersion() != null && watchedNow.test(scope) && seen != null
          && (object.resourceVersion().equals(seen) || contents.same(scope, object.name(), object.resourceVersion(), seen));
      vouched.merge(object.unitId(), same, Boolean::logicalAnd);
    }
    Set<UUID> unchanged = new HashSet<>();
    vouched.forEach((unit, same) -> {
      if (same) {
        unchanged.add(unit);
      }
    });
    return unchanged;
  }

  private static WatchScope scopeOf(LiveStore.WatchedObject object) {
    return new WatchScope(object.target(), object.apiVersion(), object.kind(), object.namespace());
  }

  void add(WatchScope scope, String name, UUID unitId, Instant now) {
    owners.computeIfAbsent(scope, key -> new ConcurrentHashMap<>()).put(name, unitId);
    added.put(new Named(scope, name), new Added(unitId, now));
  }

  /**
   * A followed object as its unit's apply (or import) made it, from the API server's answer: its content at that
   * version is the unit's own, and a watch event of it is no change.
   */
  void madeBy(String target, UUID unitId, Map<String, Object> object) {
    if (object.get("metadata") instanceof Map<?, ?> metadata && metadata.get("name") instanceof String name
        && metadata.get("resourceVersion") instanceof String version) {
      WatchScope scope = new WatchScope(target, String.valueOf(object.get("apiVersion")),
          String.valueOf(object.get("kind")), Objects.toString(metadata.get("namespace"), ""));
      if (unitId.equals(unitOf(scope, name))) {
        contents.moved(scope, name, version, ContentFingerprint.of(object));
      }
    }
  }

  /**
   * An object as a watch (or its list) has it at {@code version}.
   *
   * @return whether its configuration moved: not just its status or server metadata (also when nothing was known)
   */
  boolean changed(WatchScope scope, String name, String version, Map<String, Object> object) {
    return contents.moved(scope, name, version, ContentFingerprint.of(object));
  }

  void removeUnit(UUID unitId) {
    owners.values().forEach(names -> names.values().removeIf(unitId::equals));
    added.values().removeIf(entry -> entry.unitId().equals(unitId));
  }

  void clear() {
    added.clear();
    contents.clear();
    owners = new ConcurrentHashMap<>();
    recorded = Map.of();
  }

  boolean covers(WatchScope scope) {
    return owners.containsKey(scope);
  }

  /** The unit whose object this is; {@code null} for an object of no unit. */
  UUID unitOf(WatchScope scope, String name) {
    Map<String, UUID> names = owners.get(scope);
    return names == null ? null : names.get(name);
  }

  /** The names of the units' objects in {@code scope}. */
  List<String> names(WatchScope scope) {
    return List.copyOf(owners.getOrDefault(scope, Map.of()).keySet());
  }

  /** A watch saw the object change ({@code version}) or go away ({@code null}). */
  void seen(WatchScope scope, String name, String version) {
    Map<String, String> seen = versions.computeIfAbsent(scope, key -> new ConcurrentHashMap<>());
    if (version == null) {
      seen.remove(name);
      contents.gone(scope, name);
    } else {
      seen.put(name, version);
    }
  }

  /** The resource version a watch (or its list) saw last of the object; {@code null} when none did. */
  String seenVersion(WatchScope scope, String name) {
    Map<String, String> seen = versions.get(scope);
    return seen == null ? null : seen.get(name);
  }

  void forgetVersions(WatchScope scope) {
    versions.remove(scope);
    contents.forget(scope);
  }

  /**
   * Compares a fresh list (object name → resource version) with the versions last seen, and keeps the list's: the
   * units of what changed or went away while nothing watched (a watch that ended with 410 Gone, an API server that
   * restarted, a replica that died holding the target, a server that was down), one entry per object. A scope listed
   * for the first time compares with the versions recorded by the units' last observations, so a takeover refreshes
   * only what moved since; an object applied after those were read has nothing to compare with and is left alone.
   */
  List<UUID> relisted(WatchScope scope, Map<String, String> listed) {
    Map<String, UUID> names = owners.getOrDefault(scope, Map.of());
    Map<String, String> now = new ConcurrentHashMap<>();
    listed.forEach((name, version) -> {
      if (names.containsKey(name)) {
        now.put(name, version);
      }
    });
    Map<String, String> last = versions.put(scope, now);
    Map<String, String> before = last != null ? last : recorded.getOrDefault(scope, Map.of());
    List<UUID> moved = new ArrayList<>();
    names.forEach((name, unitId) -> {
      if (before.containsKey(name) && !before.get(name).equals(now.get(name))) {
        moved.add(unitId);
      }
    });
    return moved;
  }
}
