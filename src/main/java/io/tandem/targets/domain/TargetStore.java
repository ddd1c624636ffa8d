package io.tandem.targets.domain;

import io.tandem.common.paging.PageRequest;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Persistence of targets; credentials go in and out sealed. Every method is atomic on its own. */
public interface TargetStore {

  /** A target and its sealed credentials. */
  @SuppressWarnings("ArrayRecordComponent") // sealed bytes passed through to the cipher, never compared
  record Stored(Target target, byte[] sealedCredentials) {}

  /** {@code false} when the slug is taken; nothing is written then. */
  boolean insert(Target target, byte[] sealedCredentials);

  /** Inserts or replaces the target with this slug (used for the sandbox). */
  void upsert(Target target, byte[] sealedCredentials);

  Optional<Stored> find(String slug);

  List<Target> list(PageRequest page);

  List<Stored> all();

  /** Changes a target under a row lock; the function gets and returns the target with sealed credentials. */
  Optional<Target> update(String slug, UnaryOperator<Stored> change);

  void recordHealth(String slug, ClusterHealth health);

  /** How many units name this target. */
  long unitsUsing(String slug);

  boolean delete(String slug);
}
