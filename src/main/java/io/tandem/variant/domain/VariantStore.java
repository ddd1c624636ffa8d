package io.tandem.variant.domain;

import io.tandem.unit.domain.UpstreamLookup.Upstream;
import java.util.Optional;
import java.util.UUID;

/** Which unit each clone came from, and the upstream revision its data is based on. */
public interface VariantStore {

  void link(UUID unitId, UUID upstreamUnitId, int baseRevisionNum);

  Optional<Upstream> find(UUID unitId);

  /** The downstream is now based on this upstream revision (after an upgrade, in the upgrade's transaction). */
  void rebase(UUID unitId, int baseRevisionNum);
}
