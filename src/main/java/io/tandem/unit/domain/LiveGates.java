package io.tandem.unit.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.SpaceService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Service;

/**
 * What stands before removing what runs: destroying or deleting a unit that has objects on its target needs the call
 * to confirm it ({@code confirm=<unit slug>}; bulk: {@code confirm} and the count of units) while the space's destroy
 * gate is on, and changing such a unit's target needs {@code moveObjects=true}, which moves them.
 */
@Service
public class LiveGates {

  /** At most this many objects are named in a refusal's detail; its {@code objects} holds them all. */
  static final int NAMED = 10;

  private final UnitObjects objects;
  private final SpaceService spaces;

  LiveGates(UnitObjects objects, SpaceService spaces) {
    this.objects = objects;
    this.spaces = spaces;
  }

  /**
   * Refuses an unconfirmed destroy of a unit with objects on its target while its space's destroy gate is on.
   *
   * @throws TandemException {@code confirmation-required} unless {@code confirm} is the unit's slug or nothing would go
   */
  public void confirmDestroy(Unit unit, String confirm) {
    confirm(unit, confirm, "Destroying unit '" + unit.slug() + "' deletes", "from target");
  }

  /**
   * Refuses an unconfirmed delete of a unit with objects on its target while its space's destroy gate is on.
   *
   * @throws TandemException {@code confirmation-required} unless {@code confirm} is the unit's slug or it has no
   *     objects
   */
  public void confirmDelete(Unit unit, String confirm) {
    confirm(unit, confirm, "Deleting unit '" + unit.slug() + "' leaves", "unmanaged on target");
  }

  /**
   * A bulk destroy: refused unless it confirms ({@code confirm} true and {@code count} the number of selected units)
   * when one of them has objects on its target in a space whose destroy gate is on.
   */
  public void confirmBulkDestroy(List<Unit> selected, Boolean confirm, Integer count) {
    List<String> live = new ArrayList<>();
    int objectCount = 0;
    for (Unit unit : selected) {
      List<String> found = gated(unit);
      if (!found.isEmpty()) {
        live.add(unit.space() + "/" + unit.slug() + " (" + found.size() + " on '" + unit.metadata().target() + "')");
        objectCount += found.size();
      }
    }
    if (live.isEmpty() || (Boolean.TRUE.equals(confirm) && Objects.equals(count, selected.size()))) {
      return;
    }
    String mismatch = Boolean.TRUE.equals(confirm) && count != null
        ? " The request says count " + count + ", but it selects " + selected.size() + " unit(s)." : "";
    throw new TandemException(ProblemCode.CONFIRMATION_REQUIRED,
        "This destroy deletes " + objectCount + " object(s) of " + live.size() + " unit(s) from their targets: "
            + String.join(", ", named(live)) + "." + mismatch + " Confirm with \"confirm\": true and \"count\": "
            + selected.size() + " (the units it selects).",
        Map.of("units", live, "count", selected.size()));
  }

  /**
   * A change of the unit's target to {@code target}: refused (409 {@code unit-is-live}) while the unit has objects on
   * its current target, unless {@code moveObjects}, which then queues their move: the destroy gate holds it as a
   * destroy, so it needs {@code confirm} (the unit's slug) while that is on.
   */
  public void retarget(Unit current, String target, boolean moveObjects, String confirm) {
    String from = current.metadata().target();
    if (from == null || from.equals(target)) {
      return;
    }
    List<String> live = objects.on(current, from);
    if (live.isEmpty()) {
      return;
    }
    if (!moveObjects || target == null) {
      throw new TandemException(ProblemCode.UNIT_IS_LIVE,
          "Unit '" + current.slug() + "' has " + live.size() + " object(s) on target '" + from + "': "
              + String.join(", ", named(live)) + "; changing its target would leave them there, unmanaged. "
              + (target == null ? "Destroy it first, then clear its target."
                  : "Pass moveObjects=true to delete them there and apply them on '" + target + "', in that order;"
                      + " or destroy it first."),
          Map.of("objects", live));
    }
    confirm(current, confirm, "Moving unit '" + current.slug() + "' to target '" + target + "' deletes", "from target");
    objects.move(current, from, target);
  }

  private void confirm(Unit unit, String confirm, String removes, String where) {
    if (unit.slug().equals(confirm)) {
      return;
    }
    List<String> found = gated(unit);
    if (found.isEmpty()) {
      return;
    }
    throw new TandemException(ProblemCode.CONFIRMATION_REQUIRED,
        removes + " " + found.size() + " object(s) " + where + " '" + unit.metadata().target() + "': "
            + String.join(", ", named(found)) + ". Confirm with confirm=" + unit.slug()
            + (confirm == null ? "" : " (confirm was '" + confirm + "')")
            + ", or turn off the destroy gate of space '" + unit.space() + "'.",
        Map.of("objects", found));
  }

  /** The unit's objects on its target when its space's destroy gate is on; else none. */
  private List<String> gated(Unit unit) {
    if (unit.metadata().target() == null || !spaces.get(unit.space()).destroyGate()) {
      return List.of();
    }
    return objects.on(unit, unit.metadata().target());
  }

  private static List<String> named(List<String> all) {
    if (all.size() <= NAMED) {
      return all;
    }
    List<String> named = new ArrayList<>(all.subList(0, NAMED));
    named.add("and " + (all.size() - NAMED) + " more");
    return named;
  }
}
