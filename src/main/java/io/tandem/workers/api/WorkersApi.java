package io.tandem.workers.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.web.NoContent;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "workers", description = "Workers that run beside a cluster and connect out to the server")
@RequestMapping(path = "/api/v1/workers", produces = MediaType.APPLICATION_JSON_VALUE)
public interface WorkersApi {

  @Operation(operationId = "createWorker", summary = "Register a worker; its credential is returned this once",
      description = "A target registered with {\"connection\": {\"worker\": \"<name>\"}} is then reached through it.")
  @ApiResponse(responseCode = "201", description = "Registered")
  @Access(value = Access.Who.ORG_ADMIN)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<RegisteredWorker> createWorker(@RequestBody CreateWorkerRequest request, Principal principal);

  @Operation(operationId = "listWorkers", summary = "The registered workers, whether they are connected")
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping
  WorkerList listWorkers();

  @Operation(operationId = "getWorker", summary = "A worker, whether it is connected")
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping("/{worker}")
  WorkerResponse getWorker(@PathVariable("worker") String worker);

  @Operation(operationId = "deleteWorker", summary = "Delete a worker; its credential stops working at once")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.ORG_ADMIN)
  @DeleteMapping(path = "/{worker}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteWorker(@PathVariable("worker") String worker);

  @Operation(operationId = "pollWorkerCalls", summary = "The worker asks for its calls, waiting for some (long poll)",
      description = "Only the worker itself, with its credential. Answers as soon as there are calls, or empty after"
          + " wait seconds; 409 worker-incompatible for a worker that speaks another protocol.")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/{worker}/calls")
  CallList pollWorkerCalls(@PathVariable("worker") String worker,
      @Parameter(description = "Seconds to wait for a call, 0-30") @RequestParam(name = "wait", required = false) Integer wait,
      @Parameter(description = "The worker protocol it speaks") @RequestParam(name = "protocol", required = false)
          Integer protocol,
      @Parameter(description = "The worker's version") @RequestParam(name = "version", required = false) String version,
      @Parameter(description = "An id of the worker's current start: calls sent to an earlier start were lost, and"
          + " fail") @RequestParam(name = "boot", required = false) String boot,
      @Parameter(description = "The calls the worker has and has not answered yet, comma-separated: a call sent to it"
          + " and not among them was lost on the way (this poll's answer or the worker's), and is sent again. Left out:"
          + " nothing is sent again") @RequestParam(name = "holding", required = false) List<UUID> holding,
      Principal principal);

  @Operation(operationId = "answerWorkerCall", summary = "The worker answers a call (the call's response, as sent)")
  @ApiResponse(responseCode = "204", description = "Recorded")
  @Access(value = Access.Who.ANY_CALLER)
  @PutMapping(path = "/{worker}/calls/{id}", consumes = MediaType.APPLICATION_JSON_VALUE, produces = NoContent.PRODUCES)
  ResponseEntity<Void> answerWorkerCall(@PathVariable("worker") String worker, @PathVariable("id") UUID call,
      @RequestBody String response, Principal principal);

  @Operation(operationId = "listWorkerWatches", summary = "The worker asks what to watch in its cluster",
      description = "Only the worker itself: the objects of the units applied to its targets, with the resource"
          + " versions last seen. It reports those that move with reportWorkerChanges.")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/{worker}/watches")
  WatchList listWorkerWatches(@PathVariable("worker") String worker, Principal principal);

  @Operation(operationId = "reportWorkerChanges", summary = "The worker reports objects that moved in its cluster",
      description = "Only the worker itself. Each object's unit is refreshed through the worker, which captures a"
          + " break-glass change as on a directly connected target; objects of other targets are passed over.")
  @ApiResponse(responseCode = "204", description = "Recorded")
  @Access(value = Access.Who.ANY_CALLER)
  @PostMapping(path = "/{worker}/changes", consumes = MediaType.APPLICATION_JSON_VALUE, produces = NoContent.PRODUCES)
  ResponseEntity<Void> reportWorkerChanges(@PathVariable("worker") String worker, @RequestBody WatchList changes,
      Principal principal);

  @Schema(name = "WorkerWatchedObject")
  record WatchedObject(String target, String apiVersion, String kind,
      @Schema(description = "Empty for objects of cluster scope") String namespace, String name,
      @Schema(description = "As last seen; in a report, as it is now (null when it is gone)") String resourceVersion,
      @Schema(description = "In a report: the object's status as the worker worked it out from what it saw (NotFound"
          + " when it is gone); none leaves the unit's health to the refresh",
          allowableValues = {"Current", "InProgress", "Failed", "Terminating", "NotFound", "Unknown"}) String status,
      @Schema(description = "In a report: why, in a few words (Available: 1/3)") String reason,
      @Schema(description = "In a report: only its status or server metadata moved, so its unit's health is"
          + " recorded and no refresh is queued") Boolean statusOnly,
      @Schema(description = "In the list: a health rule judges objects of this kind, so a report of its move carries"
          + " the object") Boolean judgedByRule,
      @Schema(description = "In a report, for an object the list said a health rule judges: the object as the worker"
          + " saw it (without managedFields; a Secret without its values), which the server judges by the rule")
          Map<String, Object> object) {}

  @Schema(name = "WorkerWatchList")
  record WatchList(List<WatchedObject> items) {}

  @Schema(name = "CreateWorkerRequest")
  record CreateWorkerRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "prod-east") String name) {}

  @Schema(name = "Worker")
  record WorkerResponse(String name, boolean connected,
      @Schema(description = "When it last asked for work") Instant lastSeenAt, String version,
      @Schema(description = "The targets reached through it") List<String> targets,
      @Schema(description = "Its queue: calls it has not fetched yet") int pendingCalls,
      @Schema(description = "Calls it fetched and has not answered yet") int runningCalls,
      String createdBy, Instant createdAt) {}

  @Schema(name = "RegisteredWorker")
  record RegisteredWorker(WorkerResponse worker,
      @Schema(description = "The worker's credential (an API token that may only fetch and answer its calls)")
          String credential) {}

  @Schema(name = "WorkerList")
  record WorkerList(List<WorkerResponse> items) {}

  @Schema(name = "WorkerCall")
  record CallResponse(UUID id, String target, String namespace,
      @Schema(allowableValues = {"APPLY", "DRY_RUN", "DESTROY", "READ", "LIST"}) String operation,
      @Schema(description = "The operation's request, as JSON text") String request) {}

  @Schema(name = "WorkerCallList")
  record CallList(List<CallResponse> items) {}
}
