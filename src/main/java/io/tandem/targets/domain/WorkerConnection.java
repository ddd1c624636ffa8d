package io.tandem.targets.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.common.patch.MergePatch;
import java.util.List;
import java.util.Set;

/** The credentials of a target reached through a worker and its standbys, as registered or patched. */
final class WorkerConnection {

  /** The fields of a target's {@code connection}. */
  static final Set<String> FIELDS = Set.of("worker", "standbys");

  private WorkerConnection() {}

  static TargetCredentials of(String worker, List<String> standbyWorkers) {
    List<String> standbys = standbyWorkers == null ? List.of() : standbyWorkers;
    standbys.forEach(standby -> Slugs.require("connection.standbys", standby));
    if (standbys.contains(worker) || Set.copyOf(standbys).size() != standbys.size()) {
      throw TandemException.validation("Field 'connection.standbys' names each standby once, and not the worker itself.");
    }
    return TargetCredentials.ofWorker(Slugs.require("connection.worker", worker), standbys);
  }

  /** The worker and standbys a patch's {@code connection} names, each kept as it was where the patch is silent. */
  static TargetCredentials patched(MergePatch connection, TargetCredentials old) {
    String worker = connection.has("worker") ? connection.text("worker") : old.worker();
    if (worker == null) {
      throw TandemException.validation("Field 'connection.worker': give the worker's name.");
    }
    List<String> standbys = connection.has("standbys") ? connection.texts("standbys") : old.standbyWorkers();
    return of(worker, standbys);
  }
}
