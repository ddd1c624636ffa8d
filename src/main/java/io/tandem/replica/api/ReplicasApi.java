package io.tandem.replica.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.paging.ListResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "replicas", description = "The servers sharing this database, and the background work each one owns")
@RequestMapping(path = "/api/v1/replicas", produces = MediaType.APPLICATION_JSON_VALUE)
public interface ReplicasApi {

  @Operation(operationId = "listReplicas",
      summary = "Each replica: where it runs, its last heartbeat, and the targets and jobs whose leases it holds")
  @Access(Access.Who.ORG_ADMIN)
  @GetMapping
  ListResponse<ReplicaResponse> listReplicas();

  @Schema(name = "Replica")
  record ReplicaResponse(
      UUID id,
      String host,
      @Schema(description = "The server's process id on its host") long pid,
      int port,
      Instant startedAt,
      Instant heartbeatAt,
      @Schema(description = "Whether it heartbeat within the last lease period") boolean live,
      @Schema(description = "Slugs of the targets it watches and refreshes") List<String> targets,
      @Schema(description = "Singleton jobs it runs", example = "[\"git-mirror\", \"webhooks\"]") List<String> jobs) {}
}
