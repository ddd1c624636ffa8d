package io.tandem.targets.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.web.MergePatches;
import io.tandem.targets.domain.ServedKubeconfig;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetService;
import java.net.URI;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
class TargetController implements TargetsApi {

  private final TargetService targets;
  private final ObjectProvider<ServedKubeconfig> sandbox;

  TargetController(TargetService targets, ObjectProvider<ServedKubeconfig> sandbox) {
    this.targets = targets;
    this.sandbox = sandbox;
  }

  @Override
  public ResponseEntity<TargetResponse> createTarget(CreateTargetRequest request) {
    Target target =
        targets.register(
            new TargetService.Registration(request.slug(), request.kubeconfig(), request.context(), request.namespace(),
                request.server(), request.token(), request.caData(), request.insecureSkipTlsVerify(),
                request.connection() == null ? null : request.connection().worker(),
                request.connection() == null ? null : request.connection().standbys()));
    return ResponseEntity.created(URI.create("/api/v1/targets/" + target.slug())).body(TargetResponse.from(target));
  }

  @Override
  public ListResponse<TargetResponse> listTargets(Integer limit, String cursor) {
    ListResponse<Target> page = targets.list(PageRequest.of(limit, cursor));
    return new ListResponse<>(page.items().stream().map(TargetResponse::from).toList(), page.nextCursor());
  }

  @Override
  public TargetResponse getTarget(String target) {
    return TargetResponse.from(targets.get(target));
  }

  @Override
  public TargetResponse patchTarget(String target, JsonNode patch) {
    return TargetResponse.from(targets.patch(target, MergePatches.read(patch, TargetService.PATCHABLE)));
  }

  @Override
  public TargetResponse checkTarget(String target) {
    return TargetResponse.from(targets.check(target));
  }

  @Override
  public ResponseEntity<Void> deleteTarget(String target) {
    targets.delete(target);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ResponseEntity<String> getKubeconfig(String target) {
    targets.get(target);
    Optional<ServedKubeconfig> cluster = Optional.ofNullable(sandbox.getIfAvailable());
    if (cluster.isEmpty() || !cluster.get().slug().equals(target)) {
      throw TandemException.notFound(
          "Only the sandbox's kubeconfig is served; the credentials of other targets are never returned.");
    }
    return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml")).body(cluster.get().kubeconfig());
  }
}
