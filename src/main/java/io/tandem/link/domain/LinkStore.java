package io.tandem.link.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

public interface LinkStore {

  /** False when the link exists already. */
  boolean insert(UUID from, UUID to, Instant at);

  boolean delete(UUID from, UUID to);

  /** The unit's links, to its providers and from its consumers. */
  List<Link> of(UUID unitId);

  /** Whether {@code to} needs {@code from}, directly or through other links: then linking from → to is a cycle. */
  boolean reaches(UUID to, UUID from);

  /** The head data of each provider of the unit. */
  List<String> providerData(UUID unitId);

  /** For each of the units, its providers among them. */
  Map<UUID, Set<UUID>> providers(Collection<UUID> unitIds);
}
