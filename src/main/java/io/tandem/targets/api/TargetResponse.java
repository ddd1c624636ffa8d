package io.tandem.targets.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.targets.domain.Target;
import java.time.Instant;

/** A target as the API shows it: never its credentials. */
@Schema(name = "Target")
public record TargetResponse(
    String slug,
    String server,
    @Schema(description = "Default namespace for objects that name none") String namespace,
    @Schema(description = "The last health check's outcome; null before the first") Boolean reachable,
    String serverVersion,
    @Schema(description = "Round trip of the last health check") Integer latencyMs,
    @Schema(description = "Why the last health check failed") String lastError,
    Instant lastCheckedAt,
    Instant createdAt) {

  static TargetResponse from(Target target) {
    return new TargetResponse(target.slug(), target.server(), target.namespace(), target.reachable(),
        target.serverVersion(), target.latencyMs(), target.lastError(), target.lastCheckedAt(), target.createdAt());
  }
}
