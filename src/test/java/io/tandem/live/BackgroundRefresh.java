package io.tandem.live;

import static org.awaitility.Awaitility.await;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.support.Api;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The background refresh the periodic one would queue, for one unit alone (the whole server's would also refresh
 * every unit other test classes left live on the shared cluster). It is followed by its id: a watch may queue a
 * refresh of its own at any time, before this one or after it.
 */
final class BackgroundRefresh {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private BackgroundRefresh() {}

  /**
   * Queues it once no action of the unit is open (a watch's refresh, a revert), so that it runs after that one; its
   * id.
   */
  static UUID queue(RefreshQueue queue, Api api, String unit) {
    UUID id = UUID.fromString(api.get(unit).json().path("id").asString());
    return await("a background refresh queued").atMost(WAIT)
        .until(() -> queue.enqueueBackgroundRefresh(id), Optional::isPresent).orElseThrow();
  }

  /** Queues it and waits until it has run; its message. */
  static String run(RefreshQueue queue, Api api, String unit) {
    UUID refresh = queue(queue, api, unit);
    JsonNode action = await("the background refresh done").atMost(WAIT)
        .until(() -> api.get("/api/v1/actions/" + refresh).json(),
            done -> done.path("status").asString().matches("Completed|Failed"));
    return action.path("message").asString();
  }
}
