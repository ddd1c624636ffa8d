package io.tandem.unit.api;

import io.tandem.common.patch.MergePatch;
import io.tandem.common.web.AuditNote;
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

  /** The operations a patch of one field is, for the audit log; a patch of several is {@code PatchUnit}. */
  private static final Map<String, String> OPERATIONS = Map.of("displayName", "RenameUnit", "labels", "SetLabels",
      "target", "SetTarget", "driftMode", "SetDriftMode", "data", "UpdateData", ReconcilePatch.APPLY_MODE,
      "SetApplyMode", ReconcilePatch.IGNORE_RULES, "SetIgnoreRules");
  /** The fields whose values the audit log repeats: none that may hold configuration (or a Secret's values). */
  private static final Set<String> SHOWN = Set.of("target", "driftMode", ReconcilePatch.APPLY_MODE);

  /** Tells the audit log what a patch (or, with {@code restore}, a restore) of a unit does. */
  static void noteForAudit(String restore, JsonNode body) {
    if (restore != null) {
      AuditNote.set("RestoreRevision", "revision " + restore);
      return;
    }
    if (body == null || !body.isObject()) {
      return;
    }
    java.util.List<String> fields = body.propertyNames().stream().filter(name -> !name.equals(DESCRIPTION)).toList();
    String operation = fields.size() == 1 ? OPERATIONS.getOrDefault(fields.get(0), "PatchUnit") : "PatchUnit";
    AuditNote.set(operation, String.join(", ", fields.stream().map(name -> SHOWN.contains(name) && body.get(name).isString()
        ? name + ": " + body.get(name).asString() : name).toList()));
  }

  /** The body of a restore: only a change description can be given. */
  static String restoreDescription(JsonNode body) {
    return MergePatches.read(body, Set.of(DESCRIPTION)).text(DESCRIPTION);
  }
}
