package io.tandem.common.access;

/** A role in a space; each includes the ones of lower rank, those before it. */
public enum Role {
  /** Read the space: units, data, revisions, diffs, live state, actions. */
  viewer(0),
  /** Change data: create, update, restore, delete units; invoke functions; tags, change sets, links, imports. */
  editor(1),
  /** Apply, refresh and destroy on targets. */
  applier(2),
  /** Roles, triggers, the Git mirror, webhooks, the space's settings and its deletion. */
  admin(3);

  private final int rank;

  Role(int rank) {
    this.rank = rank;
  }

  public boolean includes(Role other) {
    return rank >= other.rank;
  }
}
