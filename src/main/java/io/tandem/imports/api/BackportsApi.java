package io.tandem.imports.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "imports")
@RequestMapping(path = "/api/v1/spaces/{space}/units/{unit}/revisions/{num}/backport",
    produces = MediaType.APPLICATION_JSON_VALUE)
public interface BackportsApi {

  @Operation(operationId = "proposeBackport",
      summary = "What carrying the revision's change back to the unit's origin would change: each file as it is at"
          + " the ref's head and as edited (comments and formatting kept), with the diff; offered (reproduces true)"
          + " only when the edited files, read back, change exactly the revision's paths")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer, expensive = true)
  @GetMapping
  BackportProposal proposeBackport(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @PathVariable("num") int num);

  @Operation(operationId = "writeBackport",
      summary = "Write the proposal as a commit per file on a new branch of the origin's repository (never forced);"
          + " its message names the revision, its author and who made each change")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  BackportWritten writeBackport(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @PathVariable("num") int num, @RequestBody(required = false) BackportRequest request,
      java.security.Principal principal);

  @Schema(name = "BackportRequest")
  record BackportRequest(
      @Schema(description = "The new branch; default tandem/backport/<unit>-r<num>") String branch) {}

  @Schema(name = "BackportProposal")
  record BackportProposal(int revisionNum, String url, String ref,
      @Schema(description = "The commit the files were read at: the ref's head") String baseCommit,
      List<BackportFile> files,
      @Schema(description = "The revision's changes, path by path") List<BackportChange> changes,
      @Schema(description = "The edited files, read back as the origin reads them, change exactly these paths")
          boolean reproduces,
      @Schema(description = "Why the change cannot be carried back, when it cannot") String problem) {}

  @Schema(name = "BackportFile")
  record BackportFile(@Schema(description = "In the repository") String path, String before, String after,
      @Schema(description = "Unified diff") String diff) {}

  @Schema(name = "BackportChange")
  record BackportChange(String resource, String path, @Schema(allowableValues = {"add", "replace", "remove"}) String op,
      Object value) {}

  @Schema(name = "BackportWritten")
  record BackportWritten(String branch, String commit, BackportProposal proposal) {}
}
