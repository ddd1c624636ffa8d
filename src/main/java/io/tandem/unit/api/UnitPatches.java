package io.tandem.unit.api;

import io.tandem.common.patch.MergePatch;
import io.tandem.common.web.MergePatches;
import io.tandem.space.domain.DriftMode;
import io.tandem.unit.domain.ReconcilePatch;
import io.tandem.unit.domain.UnitPatch;
import io.tandem.unit.domain.UnitPatch.Field;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/** Reads the JSON merge patches of the units API into typed commands; a body of the wrong shape is 400. */
final class UnitPatches {

  private static final Map<String, Field> FIELDS =
      Map.of("displayName", Field.DISPLAY_NAME, "labels", Field.LABELS, "target", Field.TARGET, "driftMode",
          Field.DRIFT_MODE, "data", Field.DATA);
  private static final String DESCRIPTION = "changeDescription";
  private static final Set<String> PATCHABLE =
      Stream.concat(FIELDS.keySet().stream(), Stream.of(DESCRIPTION, ReconcilePatch.APPLY_MODE, ReconcilePatch.IGNORE_RULES))
          .collect(Collectors.toUnmodifiableSet());

  private UnitPatches() {}

  /** A patch of a unit's metadata and data. */
  static UnitPatch patch(JsonNode body) {
    MergePatch patch = MergePatches.read(body, PATCHABLE);
    Set<Field> fields = EnumSet.noneOf(Field.class);
    FIELDS.forEach((name, field) -> {
      if (patch.has(name)) {
        fields.add(field);
      }
    });
    String data = patch.text("data");
    String description = patch.text(DESCRIPTION);
    String displayName = patch.text("displayName");
    String target = patch.text("target");
    String driftMode = patch.text("driftMode");
    return new UnitPatch(fields, displayName, patch.mapChanges("labels"), target,
        driftMode == null ? null : DriftMode.parse("driftMode", driftMode), data, description);
  }

  /** The apply mode and ignore rules a patch sets. */
  static ReconcilePatch reconciliation(JsonNode body) {
    return ReconcilePatch.read(MergePatches.read(body, PATCHABLE));
  }

  /** The body of a restore: only a change description can be given. */
  static String restoreDescription(JsonNode body) {
    return MergePatches.read(body, Set.of(DESCRIPTION)).text(DESCRIPTION);
  }
}
