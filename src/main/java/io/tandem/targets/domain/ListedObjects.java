package io.tandem.targets.domain;

import java.util.Map;
import java.util.function.Function;

/**
 * What the list a watch starts from found.
 *
 * @param versions each object's name and resource version ("" when it has none)
 * @param content an object by name as listed, converted only when asked; {@code null} when the list did not find it
 */
public record ListedObjects(Map<String, String> versions, Function<String, Map<String, Object>> content) {

  /** The object of that name as the list found it, with its status; {@code null} when it is not there. */
  public Map<String, Object> object(String name) {
    return content.apply(name);
  }
}
