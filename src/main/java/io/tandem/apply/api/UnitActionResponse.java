package io.tandem.apply.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import java.time.Instant;
import java.util.UUID;

@Schema(name = "UnitAction")
public record UnitActionResponse(
    UUID id,
    String space,
    String unit,
    @Schema(allowableValues = {"Apply", "Refresh", "Destroy"}) String action,
    Integer revisionNum,
    @Schema(allowableValues = {"Pending", "Running", "Completed", "Failed", "Canceled"}) String status,
    ActionResult result,
    Integer capturedRevisionNum,
    String message,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt,
    @Schema(description = "Who asked for it: the caller's subject, or tandem for what the server queued itself") String requestedBy) {

  static UnitActionResponse from(UnitAction action) {
    return new UnitActionResponse(action.id(), action.space(), action.unit(), action.action().name(), action.revisionNum(),
        action.status().name(), action.result(), action.capturedRevisionNum(), action.message(), action.createdAt(),
        action.startedAt(), action.finishedAt(), action.requestedBy());
  }
}
