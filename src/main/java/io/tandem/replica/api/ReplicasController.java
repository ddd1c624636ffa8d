package io.tandem.replica.api;

import io.tandem.common.paging.ListResponse;
import io.tandem.replica.ReplicaProperties;
import io.tandem.replica.domain.ReplicaStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.web.bind.annotation.RestController;

@RestController
class ReplicasController implements ReplicasApi {

  private final ReplicaStore store;
  private final Clock clock;
  private final Duration period;

  ReplicasController(ReplicaStore store, Clock clock, ReplicaProperties settings) {
    this.store = store;
    this.clock = clock;
    this.period = settings.leasePeriod();
  }

  @Override
  public ListResponse<ReplicaResponse> listReplicas() {
    List<ReplicaStore.Lease> leases = store.leases();
    List<ReplicaResponse> replicas = store.replicas().stream()
        .map(replica -> new ReplicaResponse(replica.id(), replica.host(), replica.pid(), replica.port(),
            replica.startedAt(), replica.heartbeatAt(), replica.heartbeatAt().isAfter(clock.instant().minus(period)),
            owned(leases, replica, "target:"), owned(leases, replica, "job:")))
        .toList();
    return new ListResponse<>(replicas, null);
  }

  private static List<String> owned(List<ReplicaStore.Lease> leases, ReplicaStore.Replica replica, String prefix) {
    return leases.stream()
        .filter(lease -> lease.owner().equals(replica.id()) && lease.name().startsWith(prefix))
        .map(lease -> lease.name().substring(prefix.length()))
        .toList();
  }
}
