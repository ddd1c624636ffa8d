package io.tandem.common.yaml;

/**
 * One path-level difference between two versions of a unit's data. An empty {@code path} means the whole resource
 * was added or removed. {@code from} and {@code to} are plain trees (maps, lists, scalars) or {@code null}.
 */
public record ResourceChange(String resource, String path, Op op, Object from, Object to) {

  public enum Op {
    add,
    replace,
    remove
  }
}
