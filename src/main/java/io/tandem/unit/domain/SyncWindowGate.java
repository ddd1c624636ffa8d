package io.tandem.unit.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.SyncWindow;
import io.tandem.space.domain.SyncWindowStore;
import io.tandem.space.domain.SyncWindows;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * A space's sync windows, and whether they let one of its units be applied now: the server's own applies wait for
 * them ({@link ContinuousApply}); a person's apply is refused while one is closed, unless it overrides them, which the
 * apply action then records.
 */
@Service
public class SyncWindowGate {

  /** How the note of an apply that overrode the windows begins. */
  public static final String OVERRIDDEN = "Sync windows overridden by ";
  private static final int MAX_WINDOWS = 50;

  private final SyncWindowStore store;
  private final UnitQueries units;
  private final Clock clock;

  public SyncWindowGate(SyncWindowStore store, UnitQueries units, Clock clock) {
    this.store = store;
    this.units = units;
    this.clock = clock;
  }

  /**
   * The space's windows, in their order.
   *
   * @throws TandemException {@code not-found} for a space that does not exist
   */
  public List<SyncWindow> windows(String space) {
    return store.of(space).orElseThrow(() -> new TandemException(ProblemCode.NOT_FOUND, "Space '" + space + "' does not exist."));
  }

  /**
   * Replaces the space's windows.
   *
   * @throws TandemException {@code validation-failed} for more than 50, or a window's {@code where} that does not parse
   */
  public List<SyncWindow> put(String space, List<SyncWindow> windows) {
    if (windows.size() > MAX_WINDOWS) {
      throw TandemException.validation("A space has at most " + MAX_WINDOWS + " sync windows.");
    }
    for (SyncWindow window : windows) {
      if (window.where() != null) {
        new UnitFilter(window.where(), null, null).check();
      }
    }
    if (!store.put(space, windows)) {
      throw new TandemException(ProblemCode.NOT_FOUND, "Space '" + space + "' does not exist.");
    }
    return windows;
  }

  /** The verdict now of the windows that hold for the unit. */
  public SyncWindows.Verdict verdict(Unit unit) {
    return pass().verdict(unit.space(), unit.slug());
  }

  /** Verdicts for many units. */
  public Pass pass() {
    return new Pass();
  }

  /**
   * Verdicts that read each space's windows, and the units each window selects, once: a pass over many units asks
   * for the same ones again and again.
   */
  public final class Pass {
    private final Map<String, List<SyncWindow>> windows = new HashMap<>();
    private final Map<String, List<UnitStore.UnitKey>> selected = new HashMap<>();

    public SyncWindows.Verdict verdict(String space, String slug) {
      List<SyncWindow> all = windows.computeIfAbsent(space, key -> store.of(key).orElse(List.of()));
      if (all.isEmpty()) {
        return SyncWindows.Verdict.OPEN;
      }
      List<SyncWindow> holding = new ArrayList<>();
      for (SyncWindow window : all) {
        if (window.where() == null || selected.computeIfAbsent(space + "\n" + window.where(),
            key -> units.select(space, new UnitFilter(window.where(), null, null)))
            .contains(new UnitStore.UnitKey(space, slug))) {
          holding.add(window);
        }
      }
      return SyncWindows.verdict(holding, clock.instant());
    }
  }

  /**
   * For a person's apply: nothing when the windows let the unit be applied; else, with {@code override}, the note the
   * apply action records; without, a refusal.
   *
   * @throws TandemException {@code sync-window-closed} when a window keeps the unit from being applied
   */
  public String requireOpen(Unit unit, boolean override, String who) {
    SyncWindows.Verdict verdict = verdict(unit);
    if (verdict.open()) {
      return null;
    }
    if (!override) {
      throw closed(unit, verdict);
    }
    return OVERRIDDEN + who + ": " + verdict.reason() + ".";
  }

  /** The refusal of an apply the verdict does not let through; {@code null} when it does. */
  public static TandemException closed(Unit unit, SyncWindows.Verdict verdict) {
    return verdict.open() ? null : new TandemException(ProblemCode.SYNC_WINDOW_CLOSED, "Unit '" + unit.slug()
        + "' may not be applied now: " + verdict.describe() + ". Apply it alone with overrideSyncWindows=true to apply"
        + " it anyway (the action records it).");
  }
}
