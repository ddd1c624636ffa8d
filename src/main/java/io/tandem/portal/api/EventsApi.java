package io.tandem.portal.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.portal.domain.Event;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

@Tag(name = "events", description = "What happens, as it happens: a Server-Sent Events stream, and dashboard summaries")
public interface EventsApi {

  @Operation(
      operationId = "streamEvents",
      summary = "Server-Sent Events: each event's id, its type as the event name, and the event as JSON data",
      description = "Reconnect with Last-Event-ID (or lastEventId) to receive what was missed, as long as it is kept"
          + " (tandem.events.retention). Callers see the events of the spaces where they have a role.")
  @ApiResponse(responseCode = "200", description = "The stream",
      content = @Content(mediaType = MediaType.TEXT_EVENT_STREAM_VALUE, schema = @Schema(implementation = EventResponse.class)))
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping(path = "/api/v1/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  SseEmitter streamEvents(
      @Parameter(description = "Only these spaces (repeatable)") @RequestParam(name = "space", required = false) List<String> spaces,
      @Parameter(description = "Only these event types (repeatable)") @RequestParam(name = "type", required = false) List<String> types,
      @Parameter(description = "Resume after this event id") @RequestParam(required = false) Long lastEventId,
      @Parameter(hidden = true) @RequestHeader(name = "Last-Event-ID", required = false) Long lastEventIdHeader,
      Principal principal);

  @Operation(operationId = "getSpaceSummary",
      summary = "For dashboards: the space's units by drift and by health, unapplied and gated counts, and its latest"
          + " actions")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/api/v1/spaces/{space}/summary", produces = MediaType.APPLICATION_JSON_VALUE)
  SpaceSummary getSpaceSummary(@PathVariable("space") String space);

  @Schema(name = "Event")
  record EventResponse(
      long id,
      @Schema(allowableValues = {"RevisionCreated", "ActionFinished", "DriftDetected", "DriftCleared", "GateOpened", "GateClosed",
          "UnitHealthChanged", "UnitSuspended", "UnitResumed", "SpaceSuspended", "SpaceResumed"})
          String type,
      String space,
      @Schema(description = "Null for events about the space itself") String unit,
      @Schema(description = "RevisionCreated: revisionNum, source, author, description; ActionFinished: actionId, action,"
          + " status, result, revisionNum, capturedRevisionNum, message; Drift…: drift, previous; Gate…: revisionNum, triggers;"
          + " UnitHealthChanged: health, previous, reason, object; UnitSuspended, SpaceSuspended: by, reason;"
          + " UnitResumed, SpaceResumed: suspendedBy, reason (of the suspension that ended)")
          Map<String, Object> payload,
      Instant createdAt) {

    static EventResponse from(Event event) {
      return new EventResponse(event.id(), event.type(), event.space(), event.unit(), event.payload(), event.createdAt());
    }
  }

  @Schema(name = "SpaceSummary")
  record SpaceSummary(
      String space,
      long units,
      @Schema(description = "Units by drift: None, Drifted, Unknown") Map<String, Long> drift,
      @Schema(description = "Units whose head is not the live revision") long unappliedChanges,
      @Schema(description = "Units whose head fails a trigger") long gated,
      @Schema(description = "Units with a target and nothing live on it") long neverApplied,
      @Schema(description = "Units by health: Healthy, Progressing, Degraded, Missing, Unknown (units without applied"
          + " objects are not counted)") Map<String, Long> health,
      List<RecentAction> recentActions) {

    static SpaceSummary of(io.tandem.portal.domain.SpaceSummary summary) {
      return new SpaceSummary(summary.space(), summary.units(), summary.drift(), summary.unappliedChanges(),
          summary.gated(), summary.neverApplied(), summary.health(), summary.recentActions().stream()
              .map(action -> new RecentAction(action.unit(), action.action(), action.status(), action.result(),
                  action.revisionNum(), action.at()))
              .toList());
    }
  }

  @Schema(name = "RecentAction")
  record RecentAction(String unit, String action, String status, String result, Integer revisionNum, Instant at) {}
}
