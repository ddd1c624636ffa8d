package io.tandem.live.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.unit.domain.UnitSuspension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a refresh does about what it saw, as a pure function: from the baseline, the live objects read, the ignore
 * rules and the drift mode (with the unit's suspension and break-glass hold) to a {@link DriftVerdict}. It reads and
 * writes nothing; {@link LiveSync} reads what it needs and carries the verdict out.
 *
 * <p>It takes two steps, so that the suspension is read only when there is drift to act on: {@link #delta} (what
 * changed since the baseline), then {@link #decide}.
 */
final class DriftPolicy {

  private final Set<String> ignoredManagers;
  private final Duration breakGlassHold;

  /**
   * @param ignoredManagers field managers (controllers) whose changes are not drift
   * @param breakGlassHold under drift mode Revert, how long people's change is held before it is reverted
   */
  DriftPolicy(Set<String> ignoredManagers, Duration breakGlassHold) {
    this.ignoredManagers = Set.copyOf(ignoredManagers);
    this.breakGlassHold = breakGlassHold;
  }

  /**
   * The drift between the baseline and what was seen.
   *
   * @param changes the live changes that count: not those of ignored managers, nor those ignore rules cover
   * @param deleted objects absent for no reason Tandem knows of (deleted out of band); objects another unit took
   *     over are not among them, since nobody changed the cluster behind Tandem's back
   */
  record Delta(List<LiveDelta.Change> changes, List<String> deleted) {

    boolean drifted() {
      return !changes.isEmpty() || !deleted.isEmpty();
    }
  }

  /**
   * How the refresh came about, and what else the verdict depends on.
   *
   * @param firstObservation whether the unit had no baseline yet
   * @param mode the unit's drift mode, which a background refresh follows; an explicit one captures
   * @param background whether the server queued the refresh (a watch, the periodic pass), not a person
   * @param suspension what stops the unit's automatic actions; it matters only to a background refresh with drift
   * @param hold the break-glass hold running, or {@code null}
   */
  record Refresh(boolean firstObservation, String takenOverNote, DriftMode mode, boolean background, boolean dryRun,
      Optional<UnitSuspension> suspension, LiveStore.BreakGlassHold hold, int liveRevisionNum, Instant now) {}

  /**
   * @param identities the resources of the live revision, one per object
   * @param baseline the cleaned objects when configuration and cluster last agreed; {@code null} before the first
   *     observation, when nothing has changed since
   */
  Delta delta(List<KubernetesResource> identities, List<Map<String, Object>> baseline, LiveObservation seen,
      IgnoreRules rules) {
    List<LiveDelta.Change> changes = baseline == null ? List.of()
        : LiveDelta.between(identities, baseline, seen.current(), ignoredManagers, rules);
    return new Delta(changes, seen.deleted());
  }

  DriftVerdict decide(Delta delta, Refresh refresh) {
    if (refresh.firstObservation()) {
      return DriftVerdict.baseline(delta.drifted(), "First observation recorded as the baseline." + refresh.takenOverNote());
    }
    if (!delta.drifted()) {
      return DriftVerdict.inSync(
          "The live objects match the live revision " + refresh.liveRevisionNum() + "." + refresh.takenOverNote());
    }
    String summary = describe(delta.changes(), delta.deleted()) + refresh.takenOverNote();
    DriftMode mode = refresh.background() ? refresh.mode() : DriftMode.Capture;
    if (mode == DriftMode.Revert) {
      return revert(delta, refresh, summary);
    }
    Optional<UnitSuspension> suspended =
        refresh.background() && mode == DriftMode.Capture ? refresh.suspension() : Optional.empty();
    if (refresh.dryRun() || delta.changes().isEmpty() || mode == DriftMode.Report || suspended.isPresent()) {
      return DriftVerdict.reported(summary
          + suspended.map(why -> " Not captured: " + why.describe() + "; the drift is only reported.").orElse(""));
    }
    return DriftVerdict.captured(delta.changes(), !delta.deleted().isEmpty(), summary);
  }

  /** Drift mode Revert: applies the live revision again, unless people made the change and their hold still runs. */
  private DriftVerdict revert(Delta delta, Refresh refresh, String summary) {
    Set<String> people = new LinkedHashSet<>();
    delta.changes().forEach(change -> change.managers().stream().filter(DriftPolicy::isPerson).forEach(people::add));
    LiveStore.BreakGlassHold started = null;
    if (!people.isEmpty()) {
      LiveStore.BreakGlassHold hold = refresh.hold();
      if (hold == null) {
        started = new LiveStore.BreakGlassHold(List.copyOf(people), refresh.now(), refresh.now().plus(breakGlassHold));
        hold = started;
      }
      if (!hold.expired(refresh.now())) {
        return DriftVerdict.reverting(started, false,
            summary + " Held, not reverted, until " + hold.until() + ": a break-glass change by " + hold.by() + ".");
      }
      summary += " The break-glass hold ended at " + hold.until() + ".";
    }
    if (refresh.suspension().isPresent()) {
      return DriftVerdict.reverting(started, false, summary + " Not reverted: " + refresh.suspension().get().describe() + ".");
    }
    return DriftVerdict.reverting(started, true,
        summary + " Reverting: revision " + refresh.liveRevisionNum() + " is applied again.");
  }

  /** Field managers of people's tools (kubectl edit/patch/apply …), as opposed to controllers. */
  private static boolean isPerson(String manager) {
    return manager.startsWith("kubectl") || manager.equals("k9s") || manager.equals("Mozilla");
  }

  static String describe(List<LiveDelta.Change> changes, List<String> missing) {
    List<String> parts = new ArrayList<>();
    changes.forEach(change -> parts.add(change.change().resource() + " " + change.change().path()
        + (change.managers().isEmpty() ? "" : " (by " + String.join(", ", change.managers()) + ")")));
    missing.forEach(id -> parts.add(id + " is missing from the cluster"));
    return "Drift: " + String.join("; ", parts) + ".";
  }
}
