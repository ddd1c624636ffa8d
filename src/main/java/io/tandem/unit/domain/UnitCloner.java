package io.tandem.unit.domain;

import java.util.Map;

/** Makes a unit as a clone of another, its upstream; variant implements it, so unit does not depend on variant. */
public interface UnitCloner {

  /** A clone to make: its slug (default the upstream's) and what it has of its own. */
  record NewClone(String slug, String upstreamSpace, String upstreamUnit, String displayName,
      Map<String, String> labels, String target, String driftMode, String changeDescription) {}

  /** Creates the clone in the space with the upstream's head data, and records the upstream as its base. */
  Unit clone(String space, NewClone request, String author);
}
