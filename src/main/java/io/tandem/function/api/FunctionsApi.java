package io.tandem.function.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import java.security.Principal;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "functions", description = "Built-in functions that read, change or check units' data")
@RequestMapping(path = "/api/v1", produces = MediaType.APPLICATION_JSON_VALUE)
public interface FunctionsApi {

  @Operation(operationId = "listFunctions", summary = "The catalog of functions, with their typed parameters")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/functions")
  List<FunctionResponses.FunctionInfo> listFunctions();

  @Operation(
      operationId = "invokeFunctions",
      summary = "Run functions on units of a space",
      description =
          "The functions run in order on each selected unit (the named units, or every unit of the space); if any"
              + " changed the data, one new revision (source Function) records every changed path with the function"
              + " and arguments that changed it. A unit whose functions fail is left unchanged. dryRun writes"
              + " nothing and returns the would-be data in outputs.")
  @ApiResponse(responseCode = "200", description = "Every unit succeeded")
  @ApiResponse(
      responseCode = "207",
      description = "Some units failed; see each result's error",
      content = @Content(
          mediaType = MediaType.APPLICATION_JSON_VALUE,
          schema = @Schema(implementation = FunctionResponses.InvokeResult.class)))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(path = "/spaces/{space}/functions/invoke", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<FunctionResponses.InvokeResult> invokeFunctions(
      @PathVariable("space") String space, @RequestBody InvokeRequest request, Principal principal);

  @Schema(name = "InvokeRequest")
  record InvokeRequest(
      @Schema(description = "Unit slugs; ANDed with where; neither means every unit of the space") List<String> units,
      @Schema(description = "A filter in the where language") String where,
      @Schema(description = "Only units with a resource of this type, e.g. apps/v1/Deployment") String resourceType,
      @Schema(description = "Conditions on paths of such a resource, e.g. spec.replicas < 2") String whereData,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<FunctionCall> functions,
      Boolean dryRun,
      String changeDescription) {}

  @Schema(name = "FunctionCall")
  record FunctionCall(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "set-container-resources") String name,
      @Schema(description = "Positional arguments, as a command line gives them", example = "[\"server\", \"floor\", \"100m\", \"200Mi\", \"2\"]")
          List<String> args) {}
}
