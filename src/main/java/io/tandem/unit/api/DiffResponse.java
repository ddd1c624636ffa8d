package io.tandem.unit.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.unit.domain.UnitDiff;
import java.util.List;

@Schema(name = "Diff")
public record DiffResponse(
    @Schema(description = "The revision compared from (\"0\" is the empty configuration), or liveState") String from,
    @Schema(description = "The revision compared to, or liveState") String to,
    List<Change> changes,
    @Schema(description = "Unified diff of the two YAML texts; empty when they are equal") String unified) {

  @Schema(name = "DiffChange")
  public record Change(
      String resource,
      String path,
      @Schema(allowableValues = {"add", "replace", "remove"}) String op,
      @Schema(description = "The old value (null when added)") Object from,
      @Schema(description = "The new value (null when removed)") Object to) {

    public static Change from(ResourceChange change) {
      return new Change(change.resource(), change.path(), change.op().name(), change.from(), change.to());
    }
  }

  static DiffResponse from(UnitDiff diff) {
    return new DiffResponse(
        diff.from(),
        diff.to(),
        diff.changes().stream().map(Change::from).toList(),
        diff.unified());
  }
}
