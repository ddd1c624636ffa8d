package io.tandem.unit.domain;

import java.util.Collection;
import java.util.Map;
import java.util.UUID;

/** The upstream of cloned units: what unit responses show, and {@code where UpgradeNeeded} selects. */
public interface UpstreamLookup {

  /**
   * @param baseRevisionNum the upstream revision the downstream's data is based on
   * @param upstreamHeadRevisionNum the upstream's head now: an upgrade is needed when it is further
   */
  record Upstream(String space, String unit, int baseRevisionNum, int upstreamHeadRevisionNum) {

    public boolean upgradeNeeded() {
      return upstreamHeadRevisionNum > baseRevisionNum;
    }
  }

  Map<UUID, Upstream> upstreams(Collection<UUID> unitIds);
}
