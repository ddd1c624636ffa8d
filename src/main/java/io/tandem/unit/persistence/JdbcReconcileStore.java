package io.tandem.unit.persistence;

import static io.tandem.unit.persistence.SqlTimes.instant;

import io.tandem.common.config.JsonColumns;
import io.tandem.space.domain.ApplyMode;
import io.tandem.space.domain.IgnoreRule;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.unit.domain.ReconcileStore;
import io.tandem.unit.domain.UnitReconciliation;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The automatic-apply state in the unit's row. Each write is one UPDATE whose WHERE restates what it expects; when two
 * servers race, PostgreSQL makes the second wait for the first's row lock and evaluate its WHERE again on the row as
 * the first left it, so only one of them acts.
 */
@Repository
class JdbcReconcileStore implements ReconcileStore {

  /** The columns {@link #reconciliation(ResultSet)} reads, of unit {@code u} and its space {@code s}. */
  static final String COLUMNS = "u.apply_mode, s.apply_mode as space_apply_mode, u.ignore_rules::text as ignore_rules,"
      // an attempt that succeeded resets them at once, before the loop's next pass settles it
      + " case when exists (select 1 from unit_action aa where aa.id = u.auto_action_id and aa.status = 'Completed'"
      + " and aa.revision_num = u.auto_revision_num) then 0 else u.auto_attempts end as auto_attempts, u.auto_next_at,"
      + " u.auto_waiting";
  /** Automatic applies run for units that are not suspended, and only in Continuous mode, or to revert drift. */
  private static final String MAY_RUN = " u.target is not null and u.suspended_at is null and s.suspended_at is null"
      + " and (coalesce(u.apply_mode, s.apply_mode) = 'Continuous' or u.auto_revision_num = u.live_revision_num)";
  private static final String DUE = " u.auto_revision_num is not null and u.auto_action_id is null"
      + " and (u.auto_next_at is null or u.auto_next_at <= now()) and" + MAY_RUN;

  private final JdbcClient jdbc;

  JdbcReconcileStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static UnitReconciliation reconciliation(ResultSet rs) throws SQLException {
    String own = rs.getString("apply_mode");
    ApplyMode mode = own == null ? null : ApplyMode.valueOf(own);
    return new UnitReconciliation(mode, mode != null ? mode : ApplyMode.valueOf(rs.getString("space_apply_mode")),
        rules(rs.getString("ignore_rules")), rs.getInt("auto_attempts"), instant(rs, "auto_next_at"),
        rs.getString("auto_waiting"));
  }

  private static IgnoreRules rules(String json) {
    return new IgnoreRules(JsonColumns.readList(json, IgnoreRule.class));
  }

  @Override
  public void setApplyMode(UUID unitId, ApplyMode mode) {
    jdbc.sql("update unit set apply_mode = :mode where id = :id")
        .param("mode", mode == null ? null : mode.name(), Types.VARCHAR)
        .param("id", unitId)
        .update();
  }

  @Override
  public void setIgnoreRules(UUID unitId, IgnoreRules rules) {
    jdbc.sql("update unit set ignore_rules = cast(:rules as jsonb) where id = :id")
        .param("rules", JsonColumns.write(rules.rules()))
        .param("id", unitId)
        .update();
  }

  @Override
  public UnitReconciliation of(UUID unitId) {
    return jdbc.sql("select " + COLUMNS + " from unit u join space s on s.id = u.space_id where u.id = :id")
        .param("id", unitId)
        .query((rs, row) -> reconciliation(rs))
        .optional()
        .orElse(UnitReconciliation.NONE);
  }

  @Override
  public IgnoreRules effectiveIgnoreRules(UUID unitId) {
    return jdbc.sql("select s.ignore_rules::text as space_rules, u.ignore_rules::text as unit_rules from unit u"
            + " join space s on s.id = u.space_id where u.id = :id")
        .param("id", unitId)
        .query((rs, row) -> rules(rs.getString("space_rules")).and(rules(rs.getString("unit_rules"))))
        .optional()
        .orElse(IgnoreRules.NONE);
  }

  @Override
  public List<Candidate> candidates(int limit) {
    return jdbc.sql("select u.id, s.slug as space, u.slug, u.head_revision_num from unit u join space s on s.id = u.space_id"
            + " where coalesce(u.apply_mode, s.apply_mode) = 'Continuous' and u.target is not null"
            + " and u.suspended_at is null and s.suspended_at is null and u.head_revision_num <> u.live_revision_num"
            + " and u.auto_revision_num is distinct from u.head_revision_num order by u.id limit :limit")
        .param("limit", limit)
        .query((rs, row) -> new Candidate(rs.getObject("id", UUID.class), rs.getString("space"), rs.getString("slug"),
            rs.getInt("head_revision_num")))
        .list();
  }

  @Override
  public boolean wantHead(UUID unitId, int revision) {
    return jdbc.sql("update unit set auto_revision_num = :revision, auto_attempts = 0, auto_next_at = null, auto_waiting = null"
            + " where id = :id and head_revision_num = :revision and auto_revision_num is distinct from :revision")
        .param("revision", revision)
        .param("id", unitId)
        .update() == 1;
  }

  @Override
  public boolean wantAgain(UUID unitId, int revision) {
    return jdbc.sql("update unit set auto_revision_num = :revision, auto_attempts = 0, auto_next_at = null, auto_waiting = null"
            + " where id = :id and auto_revision_num is null")
        .param("revision", revision)
        .param("id", unitId)
        .update() == 1;
  }

  @Override
  public List<Finished> finished(int limit) {
    return jdbc.sql("select u.id, u.auto_action_id, a.status, a.revision_num, u.auto_revision_num, u.auto_attempts,"
            + " a.finished_at from unit u join unit_action a on a.id = u.auto_action_id"
            + " where a.status in ('Completed', 'Failed', 'Canceled') limit :limit")
        .param("limit", limit)
        .query((rs, row) -> new Finished(rs.getObject("id", UUID.class), rs.getObject("auto_action_id", UUID.class),
            rs.getString("status").equals("Completed"), rs.getString("status").equals("Canceled"),
            rs.getInt("revision_num"), rs.getInt("auto_revision_num"), rs.getInt("auto_attempts"),
            instant(rs, "finished_at")))
        .list();
  }

  @Override
  public void settle(Finished finished, boolean done, Instant next) {
    jdbc.sql("update unit set auto_action_id = null,"
            + " auto_revision_num = case when :done then null else auto_revision_num end,"
            + " auto_attempts = case when :done then 0 else auto_attempts end,"
            + " auto_next_at = case when :done then null else cast(:next as timestamptz) end"
            + " where id = :id and auto_action_id = :action and auto_revision_num = :wanted")
        .param("done", done)
        .param("next", next == null ? null : SqlTimes.timestamp(next), Types.TIMESTAMP_WITH_TIMEZONE)
        .param("id", finished.unitId())
        .param("action", finished.actionId())
        .param("wanted", finished.wantedRevisionNum())
        .update();
  }

  @Override
  public List<Candidate> due(int limit) {
    return jdbc.sql("select u.id, s.slug, u.slug, u.head_revision_num from unit u join space s on s.id = u.space_id where"
            + DUE + " order by u.auto_next_at nulls first, u.id limit :limit")
        .param("limit", limit)
        .query((rs, row) -> new Candidate(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getInt(4)))
        .list();
  }

  @Override
  public void postpone(UUID unitId, Instant until, String why) {
    jdbc.sql("update unit set auto_next_at = :until, auto_waiting = :why where id = :id and auto_action_id is null")
        .param("until", SqlTimes.timestamp(until), Types.TIMESTAMP_WITH_TIMEZONE)
        .param("why", why)
        .param("id", unitId)
        .update();
  }

  @Override
  public Optional<Integer> claim(UUID unitId, UUID actionId) {
    return jdbc.sql("update unit u set auto_action_id = :action, auto_attempts = u.auto_attempts + 1, auto_next_at = null,"
            + " auto_waiting = null"
            + " from space s where s.id = u.space_id and u.id = :id and" + DUE + " returning u.auto_revision_num")
        .param("action", actionId)
        .param("id", unitId)
        .query(Integer.class)
        .optional();
  }
}
