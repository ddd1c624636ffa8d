package io.tandem.action.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A queued or finished apply, refresh or destroy of one unit.
 *
 * @param takeOver of an apply: it may take objects that other units applied
 * @param waitForHealth of an apply: how long it waits, once applied, for its objects to be healthy; {@code null}: it
 *     does not wait
 * @param background queued by the server itself (a background refresh, the revert of drift), not by a person's call
 * @param target the target it acts on when that is not the unit's (the old target of a unit that moves); {@code
 *     null}: the unit's target when it runs
 */
public record UnitAction(
    UUID id,
    UUID unitId,
    String space,
    String unit,
    Kind action,
    Integer revisionNum,
    boolean dryRun,
    boolean background,
    Status status,
    ActionResult result,
    Integer capturedRevisionNum,
    String message,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt,
    String requestedBy,
    boolean takeOver,
    Duration waitForHealth,
    String target) {

  public enum Kind {
    Apply,
    Refresh,
    Destroy
  }

  public enum Status {
    Pending,
    Running,
    Completed,
    Failed,
    Canceled;

    public boolean finished() {
      return this == Completed || this == Failed || this == Canceled;
    }
  }

  /**
   * How an action ended: its status, result word ({@code ApplyCompleted} …) and message; or, with status Running, that
   * it now waits (for its objects' health), without a worker, until something else finishes it. An {@code unreachable}
   * failure is one where this server could not reach the target at all (nothing was sent): the worker leaves the
   * action to another replica that may reach it, and records the failure only when none is left.
   */
  public record Outcome(Status status, ActionResult result, String message, Integer capturedRevisionNum, boolean unreachable) {

    public Outcome(Status status, ActionResult result, String message, Integer capturedRevisionNum) {
      this(status, result, message, capturedRevisionNum, false);
    }

    /** A failure to reach the target from this server, before anything was sent to it. */
    public static Outcome unreachable(ActionResult result, String message) {
      return new Outcome(Status.Failed, result, message, null, true);
    }

    public static Outcome completed(ActionResult result, String message, Integer capturedRevisionNum) {
      return new Outcome(Status.Completed, result, message, capturedRevisionNum);
    }

    public static Outcome completed(ActionResult result, String message) {
      return new Outcome(Status.Completed, result, message, null);
    }

    public static Outcome failed(ActionResult result, String message) {
      return new Outcome(Status.Failed, result, message, null);
    }

    public static Outcome waiting(String message) {
      return new Outcome(Status.Running, null, message, null);
    }
  }
}
