package io.tandem.action.persistence;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.UnitAction;

import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Unit actions in PostgreSQL. Claiming is one statement: the oldest open action whose unit has no earlier open action
 * (so one unit's actions run one at a time, in order), skipping rows other workers hold. A claim is a lease: a worker
 * that stops renewing it (crashed, killed) loses the action to the next worker once it expires; a worker that lost
 * its lease cannot record an outcome over the new owner's.
 */
@Repository
public class JdbcActionQueue implements ActionQueue {

  private static final String COLUMNS = ActionRows.COLUMNS;
  private static final String FROM = ActionRows.FROM;
  /** The advisory lock that claims take turns by ("clam"); health's are {@code 0x6865616c}. */
  private static final int CLAIM_LOCK = 0x636c616d;

  /**
   * The newest action of the unit row {@code u}, inline, for read models that fetch units with their status in one
   * statement: a query (for a lateral join) that yields at most one row of action, status, result, message, and at:
   * when it finished, else when it started, else when it was queued.
   */
  public static final String LATEST_OF_UNIT = "select a.action, a.status, a.result, a.message,"
      + " coalesce(a.finished_at, a.started_at, a.created_at) as at from unit_action a where a.unit_id = u.id"
      + " order by a.created_at desc limit 1";

  private final JdbcClient jdbc;
  private final ActionBatches batches;

  JdbcActionQueue(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.batches = new ActionBatches(jdbc);
  }

  @Override
  @Transactional
  public UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, Instant now) {
    return enqueue(unitId, kind, revisionNum, false, now);
  }

  @Override
  @Transactional
  public UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, Instant now) {
    return enqueue(unitId, kind, revisionNum, dryRun, false, now);
  }

  @Override
  @Transactional
  public UnitAction enqueue(
      UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, boolean background, Instant now) {
    return enqueue(unitId, kind, revisionNum, dryRun, background, List.of(), now);
  }

  /** The authenticated subject of the request that queues the action; the server itself outside a request. */
  private static String requester() {
    Authentication authentication =
        SecurityContextHolder.getContext().getAuthentication();
    return authentication == null || !authentication.isAuthenticated() || authentication.getName() == null
        ? SERVER : authentication.getName();
  }

  @Override
  @Transactional
  public UnitAction enqueue(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, boolean background,
      List<UUID> dependsOn, Instant now) {
    return insert(unitId, kind, revisionNum, dryRun, background, false, dependsOn, null, now);
  }

  @Override
  @Transactional
  public UnitAction enqueueDestroyOn(UUID unitId, String target, Instant now) {
    return insert(unitId, UnitAction.Kind.Destroy, null, false, false, false, List.of(), target, now);
  }

  @Override
  @Transactional
  public UnitAction enqueueApply(UUID unitId, int revisionNum, boolean takeOver, List<UUID> dependsOn,
      Duration waitForHealth, Instant now) {
    return enqueueApply(unitId, revisionNum, takeOver, dependsOn, waitForHealth, null, now);
  }

  @Override
  @Transactional
  public UnitAction enqueueApply(UUID unitId, int revisionNum, boolean takeOver, List<UUID> dependsOn,
      Duration waitForHealth, String note, Instant now) {
    UnitAction action = insert(unitId, UnitAction.Kind.Apply, revisionNum, false, false, takeOver, dependsOn, null, now);
    if (waitForHealth == null && note == null) {
      return action;
    }
    jdbc.sql("update unit_action set message = coalesce(:note, message), wait_for = case when cast(:ms as bigint) is null"
            + " then null else 'healthy' end, wait_timeout_ms = :ms where id = :id")
        .param("note", note, Types.VARCHAR)
        .param("ms", waitForHealth == null ? null : waitForHealth.toMillis(), Types.BIGINT)
        .param("id", action.id())
        .update();
    return find(action.id()).orElseThrow();
  }

  @Override
  @Transactional
  public List<UnitAction> enqueueAll(List<NewAction> actions, Instant now) {
    return batches.insert(actions, requester(), now);
  }

  @Override
  @Transactional
  public UnitAction enqueueAutomaticApply(UUID id, UUID unitId, int revisionNum, Instant now) {
    return insert(id, unitId, UnitAction.Kind.Apply, revisionNum, false, true, false, List.of(), null, now);
  }

  private UnitAction insert(UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun, boolean background,
      boolean takeOver, List<UUID> dependsOn, String target, Instant now) {
    return insert(UUID.randomUUID(), unitId, kind, revisionNum, dryRun, background, takeOver, dependsOn, target, now);
  }

  private UnitAction insert(UUID id, UUID unitId, UnitAction.Kind kind, Integer revisionNum, boolean dryRun,
      boolean background, boolean takeOver, List<UUID> dependsOn, String target, Instant now) {
    jdbc.sql("insert into unit_action (id, unit_id, action, revision_num, dry_run, background, take_over, status,"
            + " created_at, depends_on, requested_by, target) values (:id, :unitId, :action, :revision, :dryRun,"
            + " :background, :takeOver, 'Pending', :now, cast(:dependsOn as uuid[]), :requestedBy, :target)")
        .param("target", target, Types.VARCHAR)
        .param("requestedBy", background ? SERVER : requester())
        .param("takeOver", takeOver)
        .param("dependsOn", dependsOn.stream().map(UUID::toString).collect(Collectors.joining(",", "{", "}")))
        .param("dryRun", dryRun)
        .param("background", background)
        .param("id", id)
        .param("unitId", unitId)
        .param("action", kind.name())
        .param("revision", revisionNum, Types.INTEGER)
        .param("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
        .update();
    return find(id).orElseThrow();
  }

  @Override
  @Transactional
  public Optional<UnitAction> claim(String owner, UUID replica, Duration lease, Duration handoff, int perTarget) {
    // Claims take turns (a few milliseconds each), so that each sees the ones before it and counts their targets'
    // running actions right: idle workers poll at the same moment, and would each see a slow target's one place left.
    // The walk below must stop at the first action it may take. Right after a bulk request the planner's statistics
    // still count a few open actions, and it would read and sort all of them (thousands) instead: not in this
    // transaction.
    jdbc.sql("select pg_advisory_xact_lock(:key, 0), set_config('enable_sort', 'off', true),"
            + " set_config('enable_bitmapscan', 'off', true)")
        .param("key", CLAIM_LOCK).query((rs, row) -> 1).list();
    Optional<UUID> id =
        jdbc.sql(
                // targets that hold perTarget running actions already (a lease that ran out holds none)
                "with busy as (select coalesce(r.target, ru.target) as target from unit_action r"
                    + "   join unit ru on ru.id = r.unit_id where r.status = 'Running' and r.lease_owner is not null"
                    + "   and r.lease_until >= now() group by 1 having count(*) >= :perTarget)"
                    + " update unit_action set status = 'Running', started_at = coalesce(started_at, now()),"
                    + " lease_owner = :owner, lease_until = now() + cast(:lease as interval), attempts = attempts + 1"
                    + " where id = (select a.id from unit_action a join unit u on u.id = a.unit_id"
                    + "   where (a.status = 'Pending' or (a.status = 'Running' and a.lease_until < now()))"
                    + "   and (not (cast(:replica as uuid) = any(a.left_by))"
                    + "     or a.left_at < now() - cast(:handoff as interval))"
                    + "   and not exists (select 1 from busy where busy.target = coalesce(a.target, u.target))"
                    // checked for each action the walk reaches (offset 0: not planned as joins over every open
                    // action), by the unit's open actions and by the dependencies' ids
                    + "   and not exists (select 1 from unit_action b where b.unit_id = a.unit_id"
                    + "     and b.status in ('Pending', 'Running') and (b.created_at, b.id) < (a.created_at, a.id) offset 0)"
                    + "   and (cardinality(a.depends_on) = 0 or not exists (select 1 from unit_action d"
                    + "     where d.id = any(a.depends_on) and d.status in ('Pending', 'Running') offset 0))"
                    + "   order by a.created_at, a.id limit 1 for update of a skip locked)"
                    + " returning id")
            .param("owner", owner)
            .param("replica", replica)
            .param("lease", lease.toMillis() + " milliseconds")
            .param("handoff", handoff.toMillis() + " milliseconds")
            .param("perTarget", perTarget)
            .query(UUID.class)
            .optional();
    return id.flatMap(this::find);
  }

  @Override
  @Transactional
  public boolean leave(UUID id, String owner, UUID replica, String message, Duration livePeriod, Duration handoff) {
    return jdbc.sql("update unit_action set status = 'Pending', lease_owner = null, lease_until = null,"
                + " message = :message, left_by = array_append(left_by, cast(:replica as uuid)),"
                + " left_at = coalesce(left_at, now())"
                + " where id = :id and lease_owner = :owner and status = 'Running'"
                + " and (left_at is null or left_at >= now() - cast(:handoff as interval))"
                + " and exists (select 1 from replica r where r.heartbeat_at >= now() - cast(:live as interval)"
                + "   and r.id <> cast(:replica as uuid) and r.id <> all(left_by))")
            .param("message", message)
            .param("replica", replica)
            .param("id", id)
            .param("owner", owner)
            .param("handoff", handoff.toMillis() + " milliseconds")
            .param("live", livePeriod.toMillis() + " milliseconds")
            .update() == 1;
  }

  @Override
  public List<String> incompleteDependencies(UUID id) {
    return jdbc.sql("select s.slug || '/' || u.slug || ' (' || coalesce(d.result, d.status) || ')' from unit_action a"
            + " join unit_action d on d.id = any(a.depends_on) join unit u on u.id = d.unit_id"
            + " join space s on s.id = u.space_id where a.id = :id and d.status in ('Failed', 'Canceled')"
            + " order by d.created_at, d.id")
        .param("id", id)
        .query(String.class)
        .list();
  }

  @Override
  @Transactional
  public boolean renew(UUID id, String owner, Duration lease) {
    return jdbc.sql("update unit_action set lease_until = now() + cast(:lease as interval)"
                + " where id = :id and lease_owner = :owner and status = 'Running'")
            .param("lease", lease.toMillis() + " milliseconds")
            .param("id", id)
            .param("owner", owner)
            .update() == 1;
  }

  @Override
  @Transactional
  public boolean finish(UUID id, String owner, UnitAction.Outcome outcome) {
    return jdbc.sql("update unit_action set status = :status, result = :result, message = :message,"
                + " captured_revision_num = :captured, finished_at = now(), lease_owner = null, lease_until = null"
                + " where id = :id and lease_owner = :owner and status = 'Running'")
            .param("status", outcome.status().name())
            .param("result", outcome.result() == null ? null : outcome.result().name(), Types.VARCHAR)
            .param("message", outcome.message() == null ? "" : outcome.message())
            .param("captured", outcome.capturedRevisionNum(), Types.INTEGER)
            .param("id", id)
            .param("owner", owner)
            .update() == 1;
  }

  @Override
  @Transactional
  public boolean park(UUID id, String owner, String message) {
    return jdbc.sql("update unit_action set message = :message, lease_owner = null, lease_until = null,"
                + " wait_until = now() + wait_timeout_ms * interval '1 millisecond'"
                + " where id = :id and lease_owner = :owner and status = 'Running' and wait_timeout_ms is not null")
            .param("message", message == null ? "" : message)
            .param("id", id)
            .param("owner", owner)
            .update() == 1;
  }

  @Override
  public List<Waiting> waiting(int limit) {
    return jdbc.sql("select " + COLUMNS + ", a.wait_until <= now() as expired" + FROM
            + " where a.status = 'Running' and a.wait_until is not null order by a.wait_until limit :limit")
        .param("limit", limit)
        .query((rs, row) -> new Waiting(ActionRows.map(rs, row), rs.getBoolean("expired")))
        .list();
  }

  @Override
  @Transactional
  public boolean finishWaiting(UUID id, UnitAction.Outcome outcome) {
    return jdbc.sql("update unit_action set status = :status, result = :result, message = :message, finished_at = now()"
                + " where id = :id and status = 'Running' and wait_until is not null")
            .param("status", outcome.status().name())
            .param("result", outcome.result() == null ? null : outcome.result().name(), Types.VARCHAR)
            .param("message", outcome.message() == null ? "" : outcome.message())
            .param("id", id)
            .update() == 1;
  }

  @Override
  public Optional<UnitAction> find(UUID id) {
    return jdbc.sql("select " + COLUMNS + FROM + " where a.id = :id").param("id", id).query(ActionRows::map).optional();
  }

  @Override
  public List<UnitAction> forUnit(UUID unitId, Instant before, int limit) {
    return jdbc.sql("select " + COLUMNS + FROM + " where a.unit_id = :unitId"
            + " and (cast(:before as timestamptz) is null or a.created_at < cast(:before as timestamptz))"
            + " order by a.created_at desc limit :limit")
        .param("unitId", unitId)
        .param("before", before == null ? null : OffsetDateTime.ofInstant(before, ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE)
        .param("limit", limit)
        .query(ActionRows::map)
        .list();
  }
}
