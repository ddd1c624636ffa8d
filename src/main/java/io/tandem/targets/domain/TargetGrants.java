package io.tandem.targets.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * Which spaces may use which target, and for what. A space without a grant on a target cannot apply to it, import
 * from it or read its live objects, whoever calls; only organisation admins grant and revoke.
 */
@Service
public class TargetGrants {

  /** A grant as asked for; {@code null} namespaces: every namespace. */
  public record Request(Set<TargetUse> uses, List<String> namespaces, boolean clusterScoped, boolean secrets) {}

  private final TargetStore targets;
  private final TargetGrantStore store;
  private final Clock clock;

  public TargetGrants(TargetStore targets, TargetGrantStore store, Clock clock) {
    this.targets = targets;
    this.store = store;
    this.clock = clock;
  }

  /**
   * Grants {@code space} (or {@link TargetGrant#EVERY_SPACE}) what the request says on the target, in place of what
   * it had.
   *
   * @throws TandemException {@code not-found} for an unknown target or space, {@code validation-failed}
   */
  public TargetGrant grant(String target, String space, Request request, String grantedBy) {
    UUID targetId = targetId(target);
    requireSpace(space);
    if (request.uses() == null || request.uses().isEmpty()) {
      throw TandemException.validation("Field 'uses' must name at least one of apply, import, read-live.");
    }
    List<String> namespaces = request.namespaces() == null ? List.of("*") : request.namespaces();
    if (namespaces.isEmpty()) {
      throw TandemException.validation("Field 'namespaces' must name at least one namespace, or \"*\" for all.");
    }
    namespaces.forEach(TargetGrants::requireNamespacePattern);
    TargetGrant grant = new TargetGrant(space, EnumSet.copyOf(request.uses()), namespaces, request.clusterScoped(),
        request.secrets(), grantedBy, clock.instant().truncatedTo(ChronoUnit.MICROS));
    store.put(targetId, grant);
    return grant;
  }

  /**
   * Removes the space's grant on the target.
   *
   * @throws TandemException {@code not-found} when the space has no grant there
   */
  public void revoke(String target, String space) {
    if (!store.remove(targetId(target), space)) {
      throw TandemException.notFound("Space '" + space + "' has no grant on target '" + target + "'.");
    }
  }

  public List<TargetGrant> list(String target) {
    return store.list(targetId(target));
  }

  /**
   * What the space may do on the target, its own grant and the grant to every space together.
   *
   * @throws TandemException {@code target-not-allowed} unless that includes {@code use}
   */
  public TargetGrant require(String space, String target, TargetUse use) {
    Optional<TargetGrant> grant = store.forSpace(target, space).stream().reduce(TargetGrant::with);
    if (grant.isEmpty() || !grant.get().allows(use)) {
      throw new TandemException(ProblemCode.TARGET_NOT_ALLOWED, "Space '" + space + "' may not " + use.word()
          + " on target '" + target + "'" + (grant.isEmpty() ? "; it has no grant there"
              : "; its grant there allows " + words(grant.get().uses())) + ". An organisation admin grants it: PUT"
          + " /api/v1/targets/" + target + "/grants/" + space + ".", Map.of("space", space, "target", target));
    }
    return grant.get();
  }

  /**
   * Whether the space may apply {@code keys} on the target (or delete them there).
   *
   * @throws TandemException {@code target-not-allowed} unless its grant allows applying, and each of {@code keys}
   */
  public void requireApply(String space, String target, Collection<ObjectKey> keys) {
    requireObjects(require(space, target, TargetUse.APPLY), target, keys);
  }

  /**
   * Refuses objects the grant does not cover.
   *
   * @throws TandemException {@code target-not-allowed} when one of {@code keys} is in a namespace the grant does not
   *     name, or of cluster scope and the grant does not allow that
   */
  public static void requireObjects(TargetGrant grant, String target, Collection<ObjectKey> keys) {
    List<String> outside = keys.stream()
        .filter(key -> !covers(grant, key))
        .map(ObjectKey::toString)
        .toList();
    if (!outside.isEmpty()) {
      throw new TandemException(ProblemCode.TARGET_NOT_ALLOWED, "The grant of space '" + grant.space() + "' on target '"
          + target + "' does not cover " + String.join(", ", outside) + " (namespaces " + String.join(", ",
              grant.namespaces()) + (grant.clusterScoped() ? "" : "; no objects of cluster scope") + ").",
          Map.of("objects", outside));
    }
  }

  /** A Namespace is of cluster scope, but a space may make and own a namespace its grant lets it use. */
  private static boolean covers(TargetGrant grant, ObjectKey key) {
    if (key.group().isEmpty() && key.kind().equals("Namespace")) {
      return grant.clusterScoped() || grant.allowsNamespace(key.name());
    }
    return key.namespace().isEmpty() ? grant.clusterScoped() : grant.allowsNamespace(key.namespace());
  }

  private static String words(Set<TargetUse> uses) {
    return uses.stream().map(TargetUse::word).sorted().collect(Collectors.joining(", "));
  }

  private UUID targetId(String target) {
    return targets.find(target).map(stored -> stored.target().id())
        .orElseThrow(() -> TandemException.notFound("Target '" + target + "' does not exist."));
  }

  private void requireSpace(String space) {
    if (!TargetGrant.EVERY_SPACE.equals(space) && store.spaceId(space).isEmpty()) {
      throw TandemException.notFound("Space '" + space + "' does not exist.");
    }
  }

  private static void requireNamespacePattern(String pattern) {
    String name = pattern == null ? "" : pattern.endsWith("*") ? pattern.substring(0, pattern.length() - 1) : pattern;
    if (pattern == null || (!name.isEmpty() && !name.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?-?"))) {
      throw TandemException.validation("Field 'namespaces': '" + pattern + "' is neither a namespace nor a prefix"
          + " ending in * (team-a-*), nor *.");
    }
  }
}
