package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.space.domain.Suspension;
import java.time.Instant;

@Schema(name = "Suspension")
public record SuspensionResponse(
    @Schema(description = "Who suspended") String by,
    String reason,
    Instant at) {

  public static SuspensionResponse from(Suspension suspension) {
    return suspension == null ? null : new SuspensionResponse(suspension.by(), suspension.reason(), suspension.at());
  }
}
