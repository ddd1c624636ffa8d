package io.tandem.apply.api;

import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "actions", description = "Apply and destroy units on their targets; the action queue")
@RequestMapping(path = "/api/v1", produces = MediaType.APPLICATION_JSON_VALUE)
public interface UnitActionsApi {

  String WAIT_FOR = "healthy: once applied, wait for the unit's objects to be healthy (kstatus Current); none: do not"
      + " wait; absent: as the space's applyWaitFor says";
  String WAIT_TIMEOUT = "With waitFor=healthy: how long to wait, 1s to 1h (30s, 5m, 1h; default 5m)";
  String WAIT = "Seconds to wait for the action to finish (at most 300); without it the call returns at once";

  @Operation(
      operationId = "applyUnit",
      summary = "Apply a revision (default head) of the unit to its target",
      description = "Server-side apply with field manager tandem, Namespaces and CRDs first, objects without a namespace"
          + " in the target's namespace; objects of the previously live revision that this one drops are deleted,"
          + " unless another unit has applied them since. One object belongs to one unit: an apply of an object that"
          + " another unit applied on the same target is 409 object-owned-by-another-unit (naming that unit and the"
          + " object), and changes nothing, unless takeOver=true. With waitFor=healthy the action stays Running once"
          + " applied until the unit's objects are healthy (result ApplyCompleted), or ends ApplyWaitFailed with the"
          + " reason when one fails (Degraded) or they are not healthy within timeout. Waves and hooks (Argo CD's, Helm's)"
          + " apply in order, each step healthy before the next. While a sync window keeps the unit from being applied"
          + " it is 409 sync-window-closed, unless overrideSyncWindows=true. With dryRun=true it applies"
          + " nothing and answers 200 with what the apply would change, as previewApply does.")
  @ApiResponse(responseCode = "202", description = "Queued (or still running after wait)")
  @ApiResponse(responseCode = "200", description = "Finished within wait")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier)
  @PostMapping("/spaces/{space}/units/{unit}/apply")
  ResponseEntity<UnitActionResponse> applyUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "A revision reference; default head") @RequestParam(defaultValue = "head") String revision,
      @Parameter(description = WAIT) @RequestParam(required = false) Integer wait,
      @Parameter(description = "Take over objects that other units applied on this target: they become this unit's,"
          + " and the units they were taken from report them missing (not drift) and no longer delete them")
          @RequestParam(defaultValue = "false") boolean takeOver,
      @Parameter(description = WAIT_FOR,
          schema = @io.swagger.v3.oas.annotations.media.Schema(allowableValues = {"healthy", "none"}))
          @RequestParam(required = false) String waitFor,
      @Parameter(description = WAIT_TIMEOUT) @RequestParam(required = false) String timeout,
      @Parameter(description = "Apply though a sync window keeps the unit from being applied now (a deny window is open,"
          + " or none of its allow windows is); the action's message records who overrode which window")
          @RequestParam(defaultValue = "false") boolean overrideSyncWindows,
      java.security.Principal principal);

  @Operation(
      operationId = "previewApply",
      summary = "Preview an apply: what it would change on the cluster, from a server-side dry run",
      description = "Runs the apply that applyUnit would run (same objects, field manager tandem, conflicts taken)"
          + " with dryRun=All, and compares each object as it is now with the object the API server would store:"
          + " both carry the server's defaults and server-managed fields are left out, so only the paths the apply"
          + " would change show. Also the objects the prune would delete and the gates that would refuse the apply."
          + " Nothing is written, recorded as live or queued. The same as POST …/apply?dryRun=true."
          + " 409 conflict when the unit has no target, 502 target-unreachable when the cluster cannot be read.")
  @ApiResponse(responseCode = "200", description = "The preview; nothing was written")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping("/spaces/{space}/units/{unit}/apply/preview")
  ApplyPreviewResponse previewApply(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "A revision reference; default head") @RequestParam(defaultValue = "head") String revision,
      @Parameter(description = "As the apply would be asked: without it, objects other units applied are a gate")
          @RequestParam(defaultValue = "false") boolean takeOver);

  /** {@code apply?dryRun=true}: {@link #previewApply}; any dryRun but false lands here, never at a real apply. */
  @Hidden
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping(path = "/spaces/{space}/units/{unit}/apply", params = {"dryRun", "dryRun!=false"})
  ApplyPreviewResponse applyDryRun(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @RequestParam(defaultValue = "head") String revision,
      @RequestParam("dryRun") boolean dryRun,
      @RequestParam(defaultValue = "false") boolean takeOver);

  @Operation(
      operationId = "refreshUnit",
      summary = "Read the unit's objects from its target and compare them with the live revision",
      description = "A drift is captured as a new revision (source Refresh) holding only the live changes, with the"
          + " field managers that made them; with dryRun it is only reported. Controller-owned fields are not adopted.")
  @ApiResponse(responseCode = "202", description = "Queued (or still running after wait)")
  @ApiResponse(responseCode = "200", description = "Finished within wait")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping("/spaces/{space}/units/{unit}/refresh")
  ResponseEntity<UnitActionResponse> refreshUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "Only report drift; capture nothing") @RequestParam(defaultValue = "false") boolean dryRun,
      @Parameter(description = WAIT) @RequestParam(required = false) Integer wait);

  @Operation(operationId = "destroyUnit", summary = "Delete the unit's objects from its target",
      description = "While the unit has objects on its target and its space's destroyGate is on, the call must say"
          + " confirm=<unit slug>; else it is 409 confirmation-required, whose detail and objects name what would be"
          + " deleted, and nothing is queued. Objects another unit has applied since stay.")
  @ApiResponse(responseCode = "202", description = "Queued (or still running after wait)")
  @ApiResponse(responseCode = "200", description = "Finished within wait")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier)
  @PostMapping("/spaces/{space}/units/{unit}/destroy")
  ResponseEntity<UnitActionResponse> destroyUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "The unit's slug: confirms deleting its objects from the cluster")
          @RequestParam(required = false) String confirm,
      @Parameter(description = WAIT) @RequestParam(required = false) Integer wait);

  @Operation(operationId = "listUnitActions", summary = "A unit's actions, newest first")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/spaces/{space}/units/{unit}/actions")
  ListResponse<UnitActionResponse> listUnitActions(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor);

  @Operation(operationId = "getAction", summary = "An action")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/actions/{id}")
  UnitActionResponse getAction(@PathVariable("id") UUID id, java.security.Principal principal);
}
