package io.tandem.action.persistence;

import io.tandem.action.domain.ActionQueue.NewAction;
import io.tandem.action.domain.UnitAction;
import io.tandem.common.config.JsonColumns;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The actions of a bulk request, inserted a thousand rows per statement (passed as one JSON array) and read back in
 * one more, in the caller's transaction ({@link JdbcActionQueue#enqueueAll}).
 */
final class ActionBatches {

  /** Rows queued in one statement. */
  private static final int BATCH = 1000;

  private final JdbcClient jdbc;

  ActionBatches(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Each queued a microsecond after the one before it, from {@code now}; the queued actions, in the same order. */
  List<UnitAction> insert(List<NewAction> actions, String requestedBy, Instant now) {
    List<UnitAction> queued = new ArrayList<>(actions.size());
    for (int from = 0; from < actions.size(); from += BATCH) {
      List<NewAction> batch = actions.subList(from, Math.min(actions.size(), from + BATCH));
      List<Map<String, Object>> rows = new ArrayList<>(batch.size());
      for (int i = 0; i < batch.size(); i++) {
        rows.add(row(batch.get(i), from + i));
      }
      jdbc.sql("insert into unit_action (id, unit_id, action, revision_num, dry_run, background, take_over, status,"
              + " created_at, depends_on, requested_by, wait_for, wait_timeout_ms)"
              + " select r.id, r.unit_id, r.action, r.revision_num, false, false, r.take_over, 'Pending',"
              + " :now + r.n * interval '1 microsecond', r.depends_on, :requestedBy,"
              + " case when r.wait_timeout_ms is null then null else 'healthy' end, r.wait_timeout_ms"
              + " from jsonb_to_recordset(cast(:rows as jsonb)) as r(id uuid, unit_id uuid, action text,"
              + " revision_num int, take_over boolean, depends_on uuid[], wait_timeout_ms bigint, n int)")
          .param("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
          .param("requestedBy", requestedBy)
          .param("rows", JsonColumns.write(rows))
          .update();
      Map<UUID, UnitAction> byId = new HashMap<>();
      jdbc.sql("select " + ActionRows.COLUMNS + ActionRows.FROM + " where a.id = any(:ids)")
          .param("ids", batch.stream().map(NewAction::id).toArray(UUID[]::new))
          .query(ActionRows::map)
          .list()
          .forEach(action -> byId.put(action.id(), action));
      batch.forEach(action -> queued.add(byId.get(action.id())));
    }
    return queued;
  }

  private static Map<String, Object> row(NewAction action, int n) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", action.id().toString());
    row.put("unit_id", action.unitId().toString());
    row.put("action", action.kind().name());
    row.put("revision_num", action.revisionNum());
    row.put("take_over", action.takeOver());
    row.put("depends_on", action.dependsOn().stream().map(UUID::toString).toList());
    row.put("wait_timeout_ms", action.waitForHealth() == null ? null : action.waitForHealth().toMillis());
    row.put("n", n);
    return row;
  }
}
