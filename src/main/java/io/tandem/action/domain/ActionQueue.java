package io.tandem.action.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The queue of unit actions. One unit's actions run one at a time, in order. A claim is a lease: a worker that stops
 * renewing it (crashed, killed) loses the action to the next worker once it expires, and a worker that lost its lease
 * cannot record an outcome over the new owner's.
 */
public interface ActionQueue {

  /** Who the server's own actions (background refreshes, reverts) are requested by. */
  String SERVER = "tandem";

  /** An action that waits, with whether its wait is over. */
  record Waiting(UnitAction action, boolean expired) {}

  /**
   * An action of a bulk request, requested by the caller: an apply ({@code revisionNum}, {@code takeOver}, {@code
   * waitForHealth} or {@code null}) or a refresh that captures; it runs once the actions {@code dependsOn} have
   * finished.
   */
  record NewAction(UUID id, UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean takeOver,
      List<UUID> dependsOn, Duration waitForHealth) {}

  UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, Instant now);

  UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, Instant now);

  UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, boolean background,
      Instant now);

  /**
   * With {@code dependsOn}: the action waits until those actions have finished (an apply that waits for health is
   * finished only once its wait has ended); its handler sees how they ended with {@link #incompleteDependencies}.
   */
  UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, boolean background,
      List<UUID> dependsOn, Instant now);

  /** A destroy of the unit's objects on {@code target}, which is no longer (or soon not) the unit's own target. */
  UnitAction enqueueDestroyOn(UUID unitId, String target, Instant now);

  /** An apply requested by the caller; with {@code takeOver} it may take objects that other units applied. */
  default UnitAction enqueueApply(UUID unitId, int revisionNum, boolean takeOver, List<UUID> dependsOn, Instant now) {
    return enqueueApply(unitId, revisionNum, takeOver, dependsOn, null, now); // one statement: needs no transaction
  }

  /** With {@code waitForHealth}: once applied, the action waits up to that long for the objects to be healthy. */
  UnitAction enqueueApply(UUID unitId, int revisionNum, boolean takeOver, List<UUID> dependsOn,
      Duration waitForHealth, Instant now);

  /**
   * As the one without {@code note}, which the action's message says until it runs, and then before what it did
   * ({@code null}: none).
   */
  UnitAction enqueueApply(UUID unitId, int revisionNum, boolean takeOver, List<UUID> dependsOn, Duration waitForHealth,
      String note, Instant now);

  /**
   * Queues {@code actions} in their order (each is queued a microsecond after the one before it, from {@code now}), a
   * batch in one statement, all of them or none.
   *
   * @return the queued actions, in the same order
   */
  List<UnitAction> enqueueAll(List<NewAction> actions, Instant now);

  /**
   * An apply the server queues itself (a Continuous head, a revert of drift) as {@code id}, which the unit's row
   * names as its open attempt. A unit has at most one such apply open: a second is refused.
   */
  UnitAction enqueueAutomaticApply(UUID id, UUID unitId, int revisionNum, Instant now);

  /**
   * Claims the next runnable action for {@code owner}, leased for {@code lease}; empty when there is none. An action
   * that {@code replica} left (it could not reach the target) is claimed again only once {@code handoff} has passed.
   * Actions on a target that runs {@code perTarget} actions already (on any server) wait, so a slow target holds at
   * most that many workers; claims take turns across servers, so that each counts the ones before it.
   */
  Optional<UnitAction> claim(String owner, UUID replica, Duration lease, Duration handoff, int perTarget);

  /**
   * Puts an action this worker could not reach the target of back in the queue for the other replicas, unless every
   * live replica (heartbeat within {@code livePeriod}) has left it already or the first left it more than
   * {@code handoff} ago; {@code false} then, and the caller records the failure.
   */
  boolean leave(UUID id, String owner, UUID replica, String message, Duration livePeriod, Duration handoff);

  /**
   * The actions that {@code id} depends on that ended without completing (Failed, Canceled), as {@code space/unit
   * (result)}, oldest first.
   */
  List<String> incompleteDependencies(UUID id);

  /** Extends the lease; {@code false} when the action is no longer this worker's. */
  boolean renew(UUID id, String owner, Duration lease);

  /** Records the outcome, if the action is still this worker's. */
  boolean finish(UUID id, String owner, UnitAction.Outcome outcome);

  /**
   * The worker leaves an action that now waits: it stays Running, without a lease (so no worker claims it again, and
   * the unit's later actions wait behind it), until its wait ends or {@link #finishWaiting}.
   */
  boolean park(UUID id, String owner, String message);

  /** The actions that wait, oldest first, at most {@code limit}. */
  List<Waiting> waiting(int limit);

  /** Records the outcome of an action that waits, once (several servers may try). */
  boolean finishWaiting(UUID id, UnitAction.Outcome outcome);

  Optional<UnitAction> find(UUID id);

  /** A unit's actions, newest first, before {@code before} (a created-at cursor), at most {@code limit}. */
  List<UnitAction> forUnit(UUID unitId, Instant before, int limit);
}
