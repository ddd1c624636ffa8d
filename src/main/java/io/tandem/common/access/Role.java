package io.tandem.common.access;

/** A role in a space; each includes the ones before it. */
public enum Role {
  /** Read the space: units, data, revisions, diffs, live state, actions. */
  viewer,
  /** Change data: create, update, restore, delete units; invoke functions; tags, change sets, links, imports. */
  editor,
  /** Apply, refresh and destroy on targets. */
  applier,
  /** Roles, triggers, the Git mirror, webhooks, the space's settings and its deletion. */
  admin;

  public boolean includes(Role other) {
    return ordinal() >= other.ordinal();
  }
}
