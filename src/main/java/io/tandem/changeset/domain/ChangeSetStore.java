package io.tandem.changeset.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

public interface ChangeSetStore {

  /** A revision a change set recorded. */
  record ChangeSetRevision(String unit, int revisionNum, String source, String description, String author, Instant createdAt) {}

  boolean insert(UUID spaceId, ChangeSet changeSet);

  Optional<ChangeSet> find(String space, String slug);

  List<ChangeSet> list(String space);

  /**
   * Puts the units into the change set, all or none.
   *
   * @return the units that are in another change set already (then none was added)
   */
  List<String> addUnits(UUID changeSetId, List<UUID> unitIds);

  /** Takes units out of the change set (all of them when {@code unitIds} is null). */
  void removeUnits(UUID changeSetId, List<UUID> unitIds);

  /** The revisions made in the change set, in order of time. */
  List<ChangeSetRevision> revisions(UUID changeSetId);

  /** False when revisions name it (they keep it) or it does not exist. */
  boolean deleteUnused(UUID changeSetId);
}
