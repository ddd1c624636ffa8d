package io.tandem.unit.persistence;

import static java.util.Map.entry;

import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.DataQuerySql;
import io.tandem.query.persistence.WhereColumns;
import io.tandem.query.persistence.WhereSql;
import io.tandem.unit.domain.UnitFilter;
import java.util.Map;

/** What the attributes units are filtered by stand for, in queries over {@code unit u join space s}. */
final class UnitColumns {

  static final WhereColumns UNITS = WhereColumns.of(WhereCatalog.UNITS, Map.ofEntries(
      entry("Slug", "u.slug"),
      entry("DisplayName", "u.display_name"),
      entry("Target", "u.target"),
      entry("DriftMode", "u.drift_mode"),
      entry("Drift", "coalesce((select d.drift from unit_drift d where d.unit_id = u.id), 'None')"),
      entry("Health", "(select h.status from unit_health h where h.unit_id = u.id)"),
      entry("Suspended", "(u.suspended_at is not null or s.suspended_at is not null)"),
      entry("ApplyMode", "coalesce(u.apply_mode, s.apply_mode)"),
      entry("HeadRevisionNum", "u.head_revision_num"),
      entry("LiveRevisionNum", "u.live_revision_num"),
      entry("LastAppliedRevisionNum", "u.last_applied_revision_num"),
      entry("PreviousLiveRevisionNum", "u.previous_live_revision_num"),
      entry("CreatedAt", "u.created_at"),
      entry("UpdatedAt", "u.updated_at"),
      entry("Space.Slug", "s.slug"),
      entry("ApplyGated",
          "exists (select 1 from revision_gate g where g.unit_id = u.id and g.revision_num = u.head_revision_num)"),
      entry("ApprovalCount",
          "(select count(*) from approval a where a.unit_id = u.id and a.revision_num = u.head_revision_num)"),
      entry("ChangeSet",
          "(select c.slug from change_set_unit m join change_set c on c.id = m.change_set_id where m.unit_id = u.id)"),
      entry("UpgradeNeeded", "exists (select 1 from unit_upstream v join unit up on up.id = v.upstream_unit_id"
          + " where v.unit_id = u.id and up.head_revision_num > v.base_revision_num)")),
      "u.labels", "s.labels");

  private UnitColumns() {}

  /** The filter as a condition over {@code unit u join space s}, the head's objects in {@code u.head_objects}. */
  static WhereSql sql(UnitFilter.Checked filter) {
    return WhereSql.of(filter.where(), UNITS).and(DataQuerySql.of(filter.data(), "u.head_objects"));
  }
}
