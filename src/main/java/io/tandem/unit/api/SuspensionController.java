package io.tandem.unit.api;

import io.tandem.common.web.Authors;
import io.tandem.security.domain.SecretAccess;
import io.tandem.space.api.SpaceResponse;
import io.tandem.unit.domain.Suspensions;
import io.tandem.unit.domain.UnitViewQueries;
import java.security.Principal;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SuspensionController implements SuspensionsApi {

  private final Suspensions suspensions;
  private final UnitViewQueries units;
  private final SecretAccess secrets;

  SuspensionController(Suspensions suspensions, UnitViewQueries units, SecretAccess secrets) {
    this.suspensions = suspensions;
    this.units = units;
    this.secrets = secrets;
  }

  @Override
  public UnitResponse suspendUnit(String space, String unit, SuspendRequest request, Principal principal) {
    suspensions.suspend(space, unit, request == null ? null : request.reason(), Authors.of(principal));
    return UnitResponse.from(units.view(space, unit), secrets.view(principal, space));
  }

  @Override
  public UnitResponse resumeUnit(String space, String unit, Principal principal) {
    suspensions.resume(space, unit);
    return UnitResponse.from(units.view(space, unit), secrets.view(principal, space));
  }

  @Override
  public SpaceResponse suspendSpace(String space, SuspendRequest request, Principal principal) {
    return SpaceResponse.from(suspensions.suspendSpace(space, request == null ? null : request.reason(), Authors.of(principal)));
  }

  @Override
  public SpaceResponse resumeSpace(String space) {
    return SpaceResponse.from(suspensions.resumeSpace(space));
  }
}
