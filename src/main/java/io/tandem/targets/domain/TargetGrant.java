package io.tandem.targets.domain;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What one space (or, with {@link #EVERY_SPACE}, every space) may do on a target.
 *
 * @param namespaces where its objects may be: names, or patterns with a trailing {@code *} ({@code team-a-*}); {@code *}
 *     is every namespace
 * @param clusterScoped whether it may apply objects of cluster scope (Namespaces, ClusterRoles, CRDs, webhook
 *     configurations …)
 * @param secrets whether a cluster import brings Secret values into the space
 */
public record TargetGrant(
    String space, Set<TargetUse> uses, List<String> namespaces, boolean clusterScoped, boolean secrets,
    String grantedBy, Instant grantedAt) {

  /** The space of a grant to every space. */
  public static final String EVERY_SPACE = "*";

  public TargetGrant {
    uses = uses.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(uses));
    namespaces = List.copyOf(namespaces);
  }

  public boolean allows(TargetUse use) {
    return uses.contains(use) || (use == TargetUse.READ_LIVE && uses.contains(TargetUse.APPLY));
  }

  public boolean allowsNamespace(String namespace) {
    return namespaces.stream().anyMatch(pattern -> pattern.endsWith("*")
        ? namespace.startsWith(pattern.substring(0, pattern.length() - 1))
        : namespace.equals(pattern));
  }

  /** What a space may do when it has this grant and {@code other}: each of them, and both together. */
  TargetGrant with(TargetGrant other) {
    EnumSet<TargetUse> both = EnumSet.noneOf(TargetUse.class);
    both.addAll(uses);
    both.addAll(other.uses);
    List<String> all = java.util.stream.Stream.concat(namespaces.stream(), other.namespaces.stream()).distinct().toList();
    return new TargetGrant(space, both, all, clusterScoped || other.clusterScoped, secrets || other.secrets, grantedBy,
        grantedAt);
  }
}
