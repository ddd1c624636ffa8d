package io.tandem.live.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.HealthTracker;
import io.tandem.health.status.ObjectHealth;
import io.tandem.live.domain.LiveStore;
import io.tandem.security.domain.SecretAccess;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetUse;
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
  private final HealthTracker health;
  private final TargetGrants grants;

  LiveController(UnitQueries units, LiveStore live, SecretAccess secrets, HealthTracker health, TargetGrants grants) {
    this.grants = grants;
    this.units = units;
    this.live = live;
    this.secrets = secrets;
    this.health = health;
  }

  @Schema(name = "LiveState")
  record LiveResponse(
      Instant observedAt,
      @Schema(allowableValues = {"None", "Drifted", "Unknown"}) String drift,
      @Schema(description = "The live objects as last observed, cleaned of server fields, as YAML") String data,
      @Schema(description = "Each object, with its health as the watches keep it current") List<LiveResource> resources,
      @Schema(description = "Objects of the live revision that were not on the cluster") List<String> missing,
      @Schema(description = "In drift mode Revert: a break-glass change by people, held from being reverted until"
          + " 'until'; null when none is held") LiveStore.BreakGlassHold hold) {}

  /** One live object: where it is, the version observed, and its health ({@code null} until observed). */
  record LiveResource(
      String apiVersion, String kind, String namespace, String name, String resourceVersion, ObjectHealthResponse health) {}

  record ObjectHealthResponse(
      @Schema(allowableValues = {"Current", "InProgress", "Failed", "Terminating", "NotFound", "Unknown"}) String status,
      String reason) {}

  @Operation(operationId = "getUnitLive", summary = "The unit's objects as last observed on its target")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/api/v1/spaces/{space}/units/{unit}/live", produces = MediaType.APPLICATION_JSON_VALUE)
  LiveResponse getLive(@PathVariable("space") String space, @PathVariable("unit") String unit, Principal principal) {
    Unit found = units.get(space, unit);
    if (found.metadata().target() != null) {
      grants.require(space, found.metadata().target(), TargetUse.READ_LIVE);
    }
    LiveStore.Snapshot snapshot =
        live.find(found.id())
            .orElseThrow(() -> TandemException.notFound("Unit '" + unit + "' has not been observed on a target yet."));
    return new LiveResponse(
        snapshot.observedAt(), found.drift().name(), secrets.view(principal, space).apply(LiveStore.yaml(snapshot)),
        withHealth(snapshot.resources(), health.objects(found.id())), snapshot.missing(),
        snapshot.hold());
  }

  private static List<LiveResource> withHealth(List<Map<String, Object>> resources, Map<ObjectKey, ObjectHealth> health) {
    return resources.stream().map(resource -> {
      String apiVersion = text(resource.get("apiVersion"));
      String kind = text(resource.get("kind"));
      String namespace = text(resource.get("namespace"));
      String name = text(resource.get("name"));
      ObjectHealth found = health.get(ObjectKey.of(apiVersion, kind, namespace, name));
      return new LiveResource(apiVersion, kind, namespace, name, text(resource.get("resourceVersion")),
          found == null ? null : new ObjectHealthResponse(found.status().name(), found.reason()));
    }).toList();
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
