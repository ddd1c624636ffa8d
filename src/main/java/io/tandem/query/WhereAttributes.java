package io.tandem.query;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.WhereExpression.AttributeRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The attributes an entity can be filtered by, with their types and the SQL they stand for. Only these names are
 * accepted; the SQL here is fixed text, and everything the user wrote reaches the database as a parameter.
 */
public final class WhereAttributes {

  public enum Type {
    STRING,
    INTEGER,
    BOOLEAN,
    TIMESTAMP
  }

  /** An attribute's SQL and type; {@code allowed} lists the values of an enumerated string, else empty. */
  public record Attribute(String name, Type type, String sql, List<String> allowed) {}

  /** Units, in queries over {@code unit u join space s}. */
  public static final WhereAttributes UNITS =
      new WhereAttributes("units", "u.labels", "s.labels")
          .add("Slug", Type.STRING, "u.slug")
          .add("DisplayName", Type.STRING, "u.display_name")
          .add("Target", Type.STRING, "u.target")
          .add("DriftMode", Type.STRING, "u.drift_mode", "Report", "Capture", "Revert")
          .add("Drift", Type.STRING, "coalesce((select d.drift from unit_drift d where d.unit_id = u.id), 'None')", "None", "Drifted", "Unknown")
          // null while the unit has no applied objects
          .add("Health", Type.STRING, "(select h.status from unit_health h where h.unit_id = u.id)", "Healthy", "Progressing", "Degraded", "Missing", "Unknown")
          // the unit or its space is suspended
          .add("Suspended", Type.BOOLEAN, "(u.suspended_at is not null or s.suspended_at is not null)")
          .add("ApplyMode", Type.STRING, "coalesce(u.apply_mode, s.apply_mode)", "OnDemand", "Continuous")
          .add("HeadRevisionNum", Type.INTEGER, "u.head_revision_num")
          .add("LiveRevisionNum", Type.INTEGER, "u.live_revision_num")
          .add("LastAppliedRevisionNum", Type.INTEGER, "u.last_applied_revision_num")
          .add("PreviousLiveRevisionNum", Type.INTEGER, "u.previous_live_revision_num")
          .add("CreatedAt", Type.TIMESTAMP, "u.created_at")
          .add("UpdatedAt", Type.TIMESTAMP, "u.updated_at")
          .add("Space.Slug", Type.STRING, "s.slug")
          // the head revision fails a trigger
          .add("ApplyGated", Type.BOOLEAN,
              "exists (select 1 from revision_gate g where g.unit_id = u.id and g.revision_num = u.head_revision_num)")
          .add("ApprovalCount", Type.INTEGER,
              "(select count(*) from approval a where a.unit_id = u.id and a.revision_num = u.head_revision_num)")
          .add("ChangeSet", Type.STRING, "(select c.slug from change_set_unit m join change_set c on c.id = m.change_set_id where m.unit_id = u.id)")
          // a clone whose upstream has revisions it is not based on yet
          .add("UpgradeNeeded", Type.BOOLEAN, "exists (select 1 from unit_upstream v join unit up on up.id = v.upstream_unit_id"
              + " where v.unit_id = u.id and up.head_revision_num > v.base_revision_num)");

  /** Spaces, in queries over {@code space s}. */
  public static final WhereAttributes SPACES =
      new WhereAttributes("spaces", "s.labels", null)
          .add("Slug", Type.STRING, "s.slug")
          .add("DisplayName", Type.STRING, "s.display_name")
          .add("Suspended", Type.BOOLEAN, "s.suspended_at is not null")
          .add("ApplyMode", Type.STRING, "s.apply_mode", "OnDemand", "Continuous")
          .add("FourEyes", Type.BOOLEAN, "s.four_eyes")
          .add("DestroyGate", Type.BOOLEAN, "s.destroy_gate")
          .add("CreatedAt", Type.TIMESTAMP, "s.created_at");

  /** The audit log, in queries over {@code audit_event a}. */
  public static final WhereAttributes AUDIT =
      new WhereAttributes("audit entries", null, null)
          .add("Subject", Type.STRING, "a.subject")
          .add("Method", Type.STRING, "a.method", "POST", "PUT", "PATCH", "DELETE")
          .add("Path", Type.STRING, "a.path")
          .add("Status", Type.INTEGER, "a.status")
          .add("Space", Type.STRING, "a.space")
          .add("At", Type.TIMESTAMP, "a.at");

  private static final Pattern LABEL_KEY = Pattern.compile("^[A-Za-z0-9]([-A-Za-z0-9_./]{0,315}[A-Za-z0-9])?$");

  private final String entity;
  private final String labelsColumn;
  private final String spaceLabelsColumn;
  private final Map<String, Attribute> attributes = new LinkedHashMap<>();

  private WhereAttributes(String entity, String labelsColumn, String spaceLabelsColumn) {
    this.entity = entity;
    this.labelsColumn = labelsColumn;
    this.spaceLabelsColumn = spaceLabelsColumn;
  }

  private WhereAttributes add(String name, Type type, String sql, String... allowed) {
    attributes.put(name, new Attribute(name, type, sql, List.of(allowed)));
    return this;
  }

  /**
   * The attribute a reference names. Label attributes ({@code Labels.<key>}, {@code Space.Labels.<key>}) read the
   * label through {@code keyParameter}, which the caller binds to the key.
   *
   * @return the attribute, and the label key to bind ({@code null} for other attributes)
   */
  Resolved resolve(AttributeRef reference, String keyParameter) {
    String name = reference.name();
    if (name.startsWith("Labels.")) {
      return label(reference, name.substring("Labels.".length()), labelsColumn, keyParameter);
    }
    if (spaceLabelsColumn != null && name.startsWith("Space.Labels.")) {
      return label(reference, name.substring("Space.Labels.".length()), spaceLabelsColumn, keyParameter);
    }
    Attribute attribute = attributes.get(name);
    if (attribute == null) {
      throw new TandemException(
          ProblemCode.INVALID_WHERE,
          "Invalid where expression at character " + (reference.position() + 1) + ": unknown attribute '" + name
              + "'; " + entity + " have " + String.join(", ", names()) + ".");
    }
    return new Resolved(attribute, null);
  }

  private Resolved label(AttributeRef reference, String key, String column, String keyParameter) {
    if (!LABEL_KEY.matcher(key).matches()) {
      throw new TandemException(
          ProblemCode.INVALID_WHERE,
          "Invalid where expression at character " + (reference.position() + 1) + ": '" + key
              + "' is not a label key.");
    }
    return new Resolved(new Attribute(reference.name(), Type.STRING, column + " ->> :" + keyParameter, List.of()), key);
  }

  /** The labels column a label attribute reads, or {@code null} for other attributes. */
  String labelsColumnOf(AttributeRef reference) {
    if (reference.name().startsWith("Labels.")) {
      return labelsColumn;
    }
    return spaceLabelsColumn != null && reference.name().startsWith("Space.Labels.") ? spaceLabelsColumn : null;
  }

  private List<String> names() {
    List<String> names = new ArrayList<>(attributes.keySet());
    names.add("Labels.<key>");
    if (spaceLabelsColumn != null) {
      names.add("Space.Labels.<key>");
    }
    return names;
  }

  record Resolved(Attribute attribute, String labelKey) {}
}
