package io.tandem.health.domain;

import java.util.List;

/** The health rules set through the API (the library's are not stored). */
public interface HealthRuleStore {

  /** Every stored rule, the server's and every space's. */
  List<HealthRule> all();

  /**
   * Sets the rule of its kind in its space ({@code null}: the server's), replacing one there.
   *
   * @return {@code false} when its space does not exist
   */
  boolean put(HealthRule rule);

  /** Removes the rule of the kind in the space ({@code null}: the server's); whether there was one. */
  boolean delete(String space, HealthRule.Kind kind);
}
