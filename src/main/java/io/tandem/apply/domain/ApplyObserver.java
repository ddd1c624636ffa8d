package io.tandem.apply.domain;

import io.tandem.targets.domain.Target;
import io.tandem.unit.domain.Unit;
import java.util.List;
import java.util.Map;

/**
 * Told of a unit's applies and destroys, in their {@code @Order}: before an apply sends anything, when it succeeded,
 * and when a destroy finished.
 */
public interface ApplyObserver {

  /**
   * The apply of {@code data} to {@code target} is about to send it, its objects claimed for the unit: what an
   * observer must follow from the moment they change (their watch events) starts here, before their first change.
   */
  default void applying(Unit unit, Target target, String data) {}

  /**
   * The apply succeeded, or an import took the objects as they are.
   *
   * @param objects each object of {@code data} as the cluster stored it (the API server's answer to the apply, or a
   *     read after it), in the order of {@code data}; {@code null} for one that is not there
   */
  void applied(Unit unit, Target target, String data, List<Map<String, Object>> objects);

  void destroyed(Unit unit);
}
