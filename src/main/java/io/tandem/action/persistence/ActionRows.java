package io.tandem.action.persistence;

import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The columns of an action as {@link JdbcActionQueue} reads them, and their mapping to {@link UnitAction}. */
final class ActionRows {

  static final String COLUMNS =
      "a.id, a.unit_id, s.slug as space_slug, u.slug as unit_slug, a.action, a.revision_num, a.dry_run, a.background, a.status, a.result,"
          + " a.captured_revision_num, a.message, a.created_at, a.started_at, a.finished_at, a.requested_by, a.take_over,"
          + " a.wait_timeout_ms, a.wait_until, a.target";
  static final String FROM = " from unit_action a join unit u on u.id = a.unit_id join space s on s.id = u.space_id";

  private ActionRows() {}

  static UnitAction map(ResultSet rs, int row) throws SQLException {
    return new UnitAction(
        rs.getObject("id", UUID.class),
        rs.getObject("unit_id", UUID.class),
        rs.getString("space_slug"),
        rs.getString("unit_slug"),
        UnitAction.Kind.valueOf(rs.getString("action")),
        rs.getObject("revision_num", Integer.class),
        rs.getBoolean("dry_run"),
        rs.getBoolean("background"),
        UnitAction.Status.valueOf(rs.getString("status")),
        rs.getString("result") == null ? null : ActionResult.valueOf(rs.getString("result")),
        rs.getObject("captured_revision_num", Integer.class),
        rs.getString("message"),
        instant(rs, "created_at"),
        instant(rs, "started_at"),
        instant(rs, "finished_at"),
        rs.getString("requested_by"),
        rs.getBoolean("take_over"),
        rs.getObject("wait_timeout_ms") == null ? null : Duration.ofMillis(rs.getLong("wait_timeout_ms")),
        rs.getString("target"));
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime time = rs.getObject(column, OffsetDateTime.class);
    return time == null ? null : time.toInstant();
  }
}
