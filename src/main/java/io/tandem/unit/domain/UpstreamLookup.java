package io.tandem.unit.domain;

/**
 * The upstream of cloned units: what unit responses show, and {@code where UpgradeNeeded} selects. It is given inline,
 * so that the read model of unit responses fetches a unit with its upstream in one statement.
 */
public interface UpstreamLookup {

  /**
   * The unit a clone was made from.
   *
   * @param baseRevisionNum the upstream revision the downstream's data is based on
   * @param upstreamHeadRevisionNum the upstream's head now: an upgrade is needed when it is further
   */
  record Upstream(String space, String unit, int baseRevisionNum, int upstreamHeadRevisionNum) {

    public boolean upgradeNeeded() {
      return upstreamHeadRevisionNum > baseRevisionNum;
    }
  }

  /**
   * A SQL query correlated with the unit row {@code u} that yields, when that unit is a clone, one row of {@code
   * upstream_space}, {@code upstream_unit}, {@code base_revision_num} and {@code upstream_head_revision_num}, and no
   * row otherwise.
   */
  String inlineSql();
}
