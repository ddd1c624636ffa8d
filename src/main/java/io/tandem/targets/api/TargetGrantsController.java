package io.tandem.targets.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.targets.domain.TargetGrant;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetUse;
import java.security.Principal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class TargetGrantsController implements TargetGrantsApi {

  private final TargetGrants grants;

  TargetGrantsController(TargetGrants grants) {
    this.grants = grants;
  }

  @Override
  public GrantList listTargetGrants(String target) {
    return new GrantList(grants.list(target).stream().map(grant -> response(target, grant)).toList());
  }

  @Override
  public TargetGrantResponse putTargetGrant(String target, String space, GrantRequest request, Principal principal) {
    if (request == null) {
      throw TandemException.validation("Give the grant: {\"uses\": [\"apply\", \"import\", \"read-live\"]}.");
    }
    Set<TargetUse> uses = EnumSet.noneOf(TargetUse.class);
    if (request.uses() != null) {
      request.uses().forEach(word -> uses.add(TargetUse.parse(word)));
    }
    TargetGrant grant = grants.grant(target, space, new TargetGrants.Request(uses, request.namespaces(),
        Boolean.TRUE.equals(request.clusterScoped()), Boolean.TRUE.equals(request.secrets())), Authors.of(principal));
    return response(target, grant);
  }

  @Override
  public ResponseEntity<Void> deleteTargetGrant(String target, String space) {
    grants.revoke(target, space);
    return ResponseEntity.noContent().build();
  }

  private static TargetGrantResponse response(String target, TargetGrant grant) {
    List<String> uses = grant.uses().stream().map(TargetUse::word).sorted().toList();
    return new TargetGrantResponse(target, grant.space(), uses, grant.namespaces(), grant.clusterScoped(),
        grant.secrets(), grant.grantedBy(), grant.grantedAt());
  }
}
