package io.tandem.unit.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "sync-windows", description = "When a space's units may be applied: allow and deny windows")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface SyncWindowsApi {

  @Operation(operationId = "listSyncWindows", summary = "The space's sync windows")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/sync-windows")
  ListResponse<SyncWindowBody> listSyncWindows(@PathVariable("space") String space);

  @Operation(operationId = "putSyncWindows", summary = "Replace the space's sync windows",
      description = "An allow window lets the server apply the units it holds for (Continuous mode, reverts of drift)"
          + " only while one is open; a deny window stops every apply of them, the server's and people's, while it is"
          + " open, unless a person's apply says overrideSyncWindows=true. A window opens at each time its cron"
          + " schedule names, in its time zone, for its duration.")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PutMapping(path = "/sync-windows", consumes = MediaType.APPLICATION_JSON_VALUE)
  ListResponse<SyncWindowBody> putSyncWindows(@PathVariable("space") String space, @RequestBody SyncWindowsRequest request);

  @Operation(operationId = "getUnitSyncWindow", summary = "Whether the unit's sync windows let it be applied now, and why not")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/units/{unit}/sync-window")
  SyncWindowVerdict getUnitSyncWindow(@PathVariable("space") String space, @PathVariable("unit") String unit);

  @Schema(name = "SyncWindow")
  record SyncWindowBody(
      @Schema(description = "A name for people, in messages", example = "freeze") String name,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"allow", "deny"}) String kind,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "When it opens: cron, five fields (or six with"
          + " seconds first)", example = "0 22 * * 5") String schedule,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "How long it stays open: 1s to 31 days",
          example = "60h") String duration,
      @Schema(description = "The schedule's time zone; default UTC", example = "Europe/Berlin") String timeZone,
      @Schema(description = "The units it holds for, in the where language; default all the space's units",
          example = "Labels.tier = 'frontend'") String where) {}

  @Schema(name = "SyncWindowsRequest")
  record SyncWindowsRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<SyncWindowBody> windows) {}

  @Schema(name = "SyncWindowVerdict")
  record SyncWindowVerdict(
      @Schema(description = "Whether its windows let the unit be applied now") boolean open,
      @Schema(description = "Why not, naming the window") String reason,
      @Schema(description = "When it may be applied next, when known") Instant opensAt) {}
}
