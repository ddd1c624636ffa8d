package io.tandem.unit.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.space.api.SpaceResponse;
import java.security.Principal;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "suspension", description = "Stopping everything automatic for a unit or a space, and resuming it")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface SuspensionsApi {

  String WHAT_STOPS = "While a unit or its space is suspended the server does nothing to the unit on its own: drift in"
      + " Revert mode is reported and not reverted (break-glass holds that end are not reverted either), and background"
      + " refreshes report drift in Capture mode instead of capturing it. Drift and health are still observed. People's"
      + " calls (apply, destroy, refresh, which captures) still work. The unit's version does not change.";

  @Operation(operationId = "suspendUnit", summary = "Suspend a unit: stop everything automatic for it",
      description = WHAT_STOPS + " Suspending it again replaces who, why and when. Event UnitSuspended.")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(path = "/units/{unit}/suspend", consumes = MediaType.APPLICATION_JSON_VALUE)
  UnitResponse suspendUnit(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestBody(required = false) SuspendRequest request, Principal principal);

  @Operation(operationId = "resumeUnit", summary = "Resume a unit suspended on its own",
      description = "Ends the unit's own suspension (a suspension of its space stays, and the unit's suspended shows it"
          + " with scope Space) and queues a refresh when the unit is live, which acts on drift by the drift mode."
          + " Resuming a unit that is not suspended changes nothing. Event UnitResumed.")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping("/units/{unit}/resume")
  UnitResponse resumeUnit(@PathVariable("space") String space, @PathVariable("unit") String unit, Principal principal);

  @Operation(operationId = "suspendSpace", summary = "Suspend a space: stop everything automatic for all its units",
      description = WHAT_STOPS + " Each unit's suspended then shows the space's suspension (scope Space) unless it has"
          + " its own. Event SpaceSuspended.")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PostMapping(path = "/suspend", consumes = MediaType.APPLICATION_JSON_VALUE)
  SpaceResponse suspendSpace(@PathVariable("space") String space, @RequestBody(required = false) SuspendRequest request,
      Principal principal);

  @Operation(operationId = "resumeSpace", summary = "Resume a suspended space",
      description = "Ends the space's suspension and queues a refresh of its live units; units suspended on their own"
          + " stay suspended. Event SpaceResumed.")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PostMapping("/resume")
  SpaceResponse resumeSpace(@PathVariable("space") String space);

  @Schema(name = "SuspendRequest")
  record SuspendRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 1000, example = "Incident 4711: database failover",
          description = "Why automatic actions stop; shown on the unit or space and in the event") String reason) {}
}
