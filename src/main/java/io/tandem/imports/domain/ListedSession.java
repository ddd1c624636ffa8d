package io.tandem.imports.domain;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterListing;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.DryRun;
import io.tandem.targets.domain.ObjectSelection;
import io.tandem.targets.domain.Target;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The import's session, whose {@link #read} answers the objects as they were listed, in the order of the unit's data:
 * what the observers of an apply record as the baseline is then exactly what the unit's data was made of, so a change
 * made between the listing and now shows at the next refresh instead of being taken for the baseline. Closing it
 * leaves the import's session open.
 */
record ListedSession(ClusterSession session, List<Map<String, Object>> listed) implements ClusterSession {

  @Override
  public Target target() {
    return session.target();
  }

  @Override
  public ApplyReport apply(String data, String previousData, Set<ObjectKey> spare) {
    return session.apply(data, previousData, spare);
  }

  @Override
  public DryRun dryRun(String data, String previousData, Set<ObjectKey> spare) {
    return session.dryRun(data, previousData, spare);
  }

  @Override
  public ApplyReport destroy(String data, Set<ObjectKey> spare) {
    return session.destroy(data, spare);
  }

  @Override
  public List<Map<String, Object>> read(String data) {
    return listed;
  }

  @Override
  public ClusterListing list(ObjectSelection selection) {
    return session.list(selection);
  }

  @Override
  public void close() {
    // the import closes its own session
  }
}
