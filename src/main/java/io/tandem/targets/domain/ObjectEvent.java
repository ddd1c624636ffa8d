package io.tandem.targets.domain;

import java.util.Map;
import java.util.function.Supplier;

/**
 * One object of a watched scope as a watch saw it change.
 *
 * @param resourceVersion the object's version now ("" when it has none); {@code null} once deleted
 * @param content the object as the cluster sent it, converted only when asked: most events are of objects no unit
 *     applied
 */
public record ObjectEvent(Change change, String name, String resourceVersion, Supplier<Map<String, Object>> content) {

  public enum Change { Added, Modified, Deleted }

  /** The object as the cluster has it now, with its status; {@code null} once deleted. */
  public Map<String, Object> object() {
    return change == Change.Deleted ? null : content.get();
  }
}
