package io.tandem.trigger.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import io.tandem.trigger.domain.Trigger;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import tools.jackson.databind.JsonNode;

@Tag(name = "triggers", description = "Validating functions every new revision of a space's units must pass; what fails gates apply")
@RequestMapping(path = "/api/v1/spaces/{space}/triggers", produces = MediaType.APPLICATION_JSON_VALUE)
public interface TriggersApi {

  String MERGE_PATCH = "application/merge-patch+json";

  @Operation(operationId = "createTrigger",
      summary = "Add a trigger; the head revision of every unit of the space is checked against it at once")
  @ApiResponse(responseCode = "201", description = "Created")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<TriggerResponse> createTrigger(@PathVariable("space") String space, @RequestBody CreateTriggerRequest request);

  @Operation(operationId = "listTriggers", summary = "The space's triggers, by slug")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<TriggerResponse> listTriggers(@PathVariable("space") String space);

  @Operation(operationId = "getTrigger", summary = "A trigger")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{trigger}")
  TriggerResponse getTrigger(@PathVariable("space") String space, @PathVariable("trigger") String trigger);

  @Operation(
      operationId = "patchTrigger",
      summary = "Change a trigger's function, args, description or disabled (JSON merge patch); heads are checked again",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = TriggerPatch.class))))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PatchMapping(path = "/{trigger}", consumes = {MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE})
  TriggerResponse patchTrigger(@PathVariable("space") String space, @PathVariable("trigger") String trigger, @RequestBody JsonNode patch);

  @Operation(operationId = "deleteTrigger", summary = "Remove a trigger; the gates it put on head revisions go with it")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/{trigger}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteTrigger(@PathVariable("space") String space, @PathVariable("trigger") String trigger);

  @Schema(name = "CreateTriggerRequest")
  record CreateTriggerRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "complete") String slug,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "vet-celexpr", description = "A validating function") String function,
      @Schema(example = "[\"r.kind != 'Deployment' || r.spec.replicas >= 2\"]") List<String> args,
      String description,
      @Schema(description = "A disabled trigger gates nothing") Boolean disabled) {}

  @Schema(name = "Trigger")
  record TriggerResponse(String space, String slug, String function, List<String> args, String description,
      boolean disabled, Instant createdAt, Instant updatedAt) {

    static TriggerResponse from(Trigger trigger) {
      return new TriggerResponse(trigger.space(), trigger.slug(), trigger.function(), trigger.args(), trigger.description(),
          trigger.disabled(), trigger.createdAt(), trigger.updatedAt());
    }
  }
}
