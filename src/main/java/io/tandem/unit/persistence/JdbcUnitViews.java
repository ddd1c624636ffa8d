package io.tandem.unit.persistence;

import static io.tandem.unit.persistence.JdbcUnitStore.HEAD_DATA_JOIN;
import static io.tandem.unit.persistence.JdbcUnitStore.UNIT_COLUMNS;
import static io.tandem.unit.persistence.SqlTimes.instant;

import io.tandem.action.domain.UnitAction;
import io.tandem.action.persistence.JdbcActionQueue;
import io.tandem.common.paging.PageRequest;
import io.tandem.health.domain.UnitHealth;
import io.tandem.health.status.HealthStatus;
import io.tandem.query.persistence.WhereSql;
import io.tandem.unit.domain.ApplyGate;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitReconciliation;
import io.tandem.unit.domain.UnitView;
import io.tandem.unit.domain.UnitViews;
import io.tandem.unit.domain.UpstreamLookup;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The read model of unit responses: each read is one statement, the unit's row joined with its head revision's gates
 * and approvals, its change set, its newest action (as the worker gives it inline) and its upstream (as the {@link
 * UpstreamLookup}s give it inline) and its health, so a page costs the same however many units it holds.
 */
@Repository
class JdbcUnitViews implements UnitViews {

  private static final String HEAD_REVISION_COLUMNS =
      "hg.gates::text as head_gates, array(select ap.approver from approval ap where ap.unit_id = u.id"
          + " and ap.revision_num = u.head_revision_num order by ap.approved_at, ap.approver) as approved_by, ";
  /** A head revision written by the statement that reads it: its gates are the writer's, and nobody approved it. */
  private static final String NEW_HEAD_REVISION_COLUMNS = "null::text as head_gates, array[]::text[] as approved_by, ";
  private static final String HEAD_GATES_JOIN =
      " left join revision_gate hg on hg.unit_id = u.id and hg.revision_num = u.head_revision_num";
  private static final String OTHER_VIEW_COLUMNS =
      "cs.slug as change_set, la.action as last_action, la.status as last_status, la.result as last_result,"
          + " la.message as last_message, la.at as last_at, upl.upstream_space, upl.upstream_unit,"
          + " upl.base_revision_num as upstream_base_revision_num, upl.upstream_head_revision_num,"
          + " uh.status as health_status, uh.reason as health_reason, uh.object as health_object,"
          + " uh.observed_at as health_observed_at, " + JdbcUnitStore.SUSPENSIONS + ", "
          + JdbcReconcileStore.COLUMNS;
  private static final String VIEW_COLUMNS = HEAD_REVISION_COLUMNS + OTHER_VIEW_COLUMNS;
  private static final String NO_UPSTREAM =
      "select null::text as upstream_space, null::text as upstream_unit, null::integer as base_revision_num,"
          + " null::integer as upstream_head_revision_num where false";

  private final JdbcClient jdbc;
  private final String viewJoins;
  /** The view's joins but that of the head revision's gates. */
  private final String otherJoins;
  /**
   * The read of one unit, built once: the same string every time saves building it, and the driver's statement cache
   * then finds it by a hash the string keeps; positional parameters spare the rewriting of named ones per call.
   */
  private final String findSql;

  JdbcUnitViews(JdbcClient jdbc, List<UpstreamLookup> upstreams) {
    this.jdbc = jdbc;
    String upstream = upstreams.isEmpty() ? NO_UPSTREAM
        : upstreams.stream().map(lookup -> "(" + lookup.inlineSql() + ")").collect(Collectors.joining(" union all "))
            + " limit 1";
    this.otherJoins = otherJoins(upstream);
    this.viewJoins = HEAD_GATES_JOIN + otherJoins;
    this.findSql = "select " + UNIT_COLUMNS + ", b.body as head_data, " + VIEW_COLUMNS
        + " from unit u join space s on s.id = u.space_id" + HEAD_DATA_JOIN + viewJoins
        + " where s.slug = ? and u.slug = ?";
  }

  private static String otherJoins(String upstream) {
    return " left join change_set_unit csu on csu.unit_id = u.id left join change_set cs on cs.id = csu.change_set_id"
            + " left join unit_health uh on uh.unit_id = u.id"
            + " left join lateral (" + JdbcActionQueue.LATEST_OF_UNIT + ") la on true"
            + " left join lateral (" + upstream + ") upl on true";
  }

  @Override
  public Optional<UnitView> find(String space, String slug) {
    return jdbc.sql(findSql)
        .param(space)
        .param(slug)
        .query((rs, row) -> view(rs, JdbcUnitStore.unit(rs, space, rs.getString("head_data"))))
        .optional();
  }

  @Override
  public List<UnitView> list(String space, PageRequest page, boolean withData, UnitFilter.Checked filter) {
    WhereSql where = UnitColumns.sql(filter);
    return jdbc.sql("select " + UNIT_COLUMNS + (withData ? ", b.body as head_data" : "") + ", " + VIEW_COLUMNS
            + " from unit u join space s on s.id = u.space_id" + (withData ? HEAD_DATA_JOIN : "") + viewJoins
            + " where s.slug = :space and (cast(:after as text) is null or u.slug > cast(:after as text))"
            + " and " + where.sql() + " order by u.slug limit :limit")
        .params(where.parameters())
        .param("space", space)
        .param("after", page.after())
        .param("limit", page.limit() + 1)
        .query((rs, row) -> view(rs, JdbcUnitStore.unit(rs, space, withData ? rs.getString("head_data") : null)))
        .list();
  }

  @Override
  public UnitView of(Unit unit) {
    return jdbc.sql("select " + VIEW_COLUMNS + " from unit u join space s on s.id = u.space_id" + viewJoins + " where u.id = :id")
        .param("id", unit.id())
        .query((rs, row) -> view(rs, unit))
        .optional()
        .orElseGet(() -> new UnitView(unit, null, List.of(), List.of(), null, null, null, null, UnitReconciliation.NONE));
  }

  /**
   * A select of the unit columns and the view's over {@code from}, a table or common table expression with the
   * unit's columns, aliased {@code u}, and {@code extraColumn} when not null; read its rows with {@link #view(ResultSet,
   * Unit, List)}. With {@code newHead}, {@code from} holds a head revision that the same statement writes, so the
   * select does not look for its gates and approvals: the database as the statement sees it has none yet.
   */
  String select(String from, String extraColumn, boolean newHead) {
    String columns = newHead ? NEW_HEAD_REVISION_COLUMNS + OTHER_VIEW_COLUMNS : VIEW_COLUMNS;
    return "select " + UNIT_COLUMNS + ", " + columns + (extraColumn == null ? "" : ", " + extraColumn) + " from "
        + from + " u join space s on s.id = u.space_id" + (newHead ? otherJoins : viewJoins);
  }

  private static UnitView view(ResultSet rs, Unit unit) throws SQLException {
    return view(rs, unit, null);
  }

  /** The view of {@code unit} in a row of {@link #select}; {@code headGates}, when given, stand for those read. */
  static UnitView view(ResultSet rs, Unit unit, List<ApplyGate> headGates) throws SQLException {
    String gates = rs.getString("head_gates");
    String upstreamUnit = rs.getString("upstream_unit");
    return new UnitView(
        unit,
        lastAction(rs),
        headGates != null ? headGates : gates == null ? List.of() : JdbcGateStore.read(gates),
        List.of((String[]) rs.getArray("approved_by").getArray()),
        rs.getString("change_set"),
        upstreamUnit == null ? null : new UpstreamLookup.Upstream(rs.getString("upstream_space"), upstreamUnit,
            rs.getInt("upstream_base_revision_num"), rs.getInt("upstream_head_revision_num")),
        health(rs),
        JdbcUnitStore.suspension(rs),
        JdbcReconcileStore.reconciliation(rs));
  }

  private static UnitHealth health(ResultSet rs) throws SQLException {
    String status = rs.getString("health_status");
    return status == null ? null : new UnitHealth(HealthStatus.valueOf(status), rs.getString("health_reason"),
        rs.getString("health_object"), instant(rs, "health_observed_at"));
  }

  private static UnitView.LastAction lastAction(ResultSet rs) throws SQLException {
    String action = rs.getString("last_action");
    return action == null ? null : new UnitView.LastAction(
        UnitAction.Kind.valueOf(action),
        UnitAction.Status.valueOf(rs.getString("last_status")),
        rs.getString("last_result"),
        rs.getString("last_message"),
        instant(rs, "last_at"));
  }
}
