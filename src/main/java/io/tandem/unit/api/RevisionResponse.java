package io.tandem.unit.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.common.hash.ContentHash;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.Revision;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

@Schema(name = "Revision")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RevisionResponse(
    int num,
    @Schema(allowableValues = {"Create", "Update", "Function", "Restore", "Refresh", "Import", "Upgrade", "Git"}) String source,
    String description,
    String author,
    Instant createdAt,
    @Schema(example = "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08") String contentHash,
    Integer restoredFrom,
    String data,
    List<MutationResponse> mutations) {

  @Schema(name = "Mutation")
  public record MutationResponse(
      @Schema(example = "apps/v1/Deployment/prod/paymentservice") String resource,
      @Schema(example = "spec.template.spec.containers.0.image", description = "Empty for the whole resource") String path,
      @Schema(allowableValues = {"add", "replace", "remove"}) String op,
      @Schema(example = "update") String by) {

    static MutationResponse from(Mutation mutation) {
      return new MutationResponse(mutation.resource(), mutation.path(), mutation.op(), mutation.by());
    }
  }

  static RevisionResponse from(Revision revision) {
    return from(revision, UnaryOperator.identity());
  }

  /** With {@code view} applied to the data (Secret values masked for callers who may not read them). */
  static RevisionResponse from(Revision revision, UnaryOperator<String> view) {
    return new RevisionResponse(
        revision.num(),
        revision.source().name(),
        revision.description(),
        revision.author(),
        revision.createdAt(),
        ContentHash.display(revision.contentSha256()),
        revision.restoredFrom(),
        revision.data() == null ? null : view.apply(revision.data()),
        revision.mutations() == null ? null : revision.mutations().stream().map(MutationResponse::from).toList());
  }
}
