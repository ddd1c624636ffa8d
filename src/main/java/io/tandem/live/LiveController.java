package io.tandem.live;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.security.SecretAccess;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "actions")
@RestController
class LiveController {

  private final UnitQueries units;
  private final LiveStore live;
  private final SecretAccess secrets;

  LiveController(UnitQueries units, LiveStore live, SecretAccess secrets) {
    this.units = units;
    this.live = live;
    this.secrets = secrets;
  }

  @Schema(name = "LiveState")
  record LiveResponse(
      Instant observedAt,
      @Schema(allowableValues = {"None", "Drifted", "Unknown"}) String drift,
      @Schema(description = "The live objects as last observed, cleaned of server fields, as YAML") String data,
      List<Map<String, Object>> resources,
      @Schema(description = "Objects of the live revision that were not on the cluster") List<String> missing,
      @Schema(description = "In drift mode Revert: a break-glass change by people, held from being reverted until"
          + " 'until'; null when none is held") LiveStore.BreakGlassHold hold) {}

  @Operation(operationId = "getUnitLive", summary = "The unit's objects as last observed on its target")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/api/v1/spaces/{space}/units/{unit}/live", produces = MediaType.APPLICATION_JSON_VALUE)
  LiveResponse getLive(@PathVariable("space") String space, @PathVariable("unit") String unit, Principal principal) {
    Unit found = units.get(space, unit);
    LiveStore.Snapshot snapshot =
        live.find(found.id())
            .orElseThrow(() -> TandemException.notFound("Unit '" + unit + "' has not been observed on a target yet."));
    return new LiveResponse(
        snapshot.observedAt(), found.drift().name(), secrets.view(principal, space).apply(LiveStore.yaml(snapshot)),
        snapshot.resources(), snapshot.missing(),
        snapshot.hold());
  }
}
