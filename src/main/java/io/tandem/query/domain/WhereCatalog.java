package io.tandem.query.domain;

import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereExpression.AttributeRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The attributes an entity can be filtered by, with their types and allowed values: the names a where expression may
 * use. What each stands for in the database is the store's business (its persistence maps every name of the catalog).
 */
public final class WhereCatalog {

  public enum Type {
    STRING,
    INTEGER,
    BOOLEAN,
    TIMESTAMP
  }

  /**
   * An attribute a where expression names. For a label ({@code Labels.<key>}, {@code Space.Labels.<key>}) the name is
   * {@link #LABELS} or {@link #SPACE_LABELS} and {@code labelKey} the key; otherwise {@code labelKey} is null.
   *
   * @param allowed the values of an enumerated string; empty for any
   */
  public record Attribute(String name, Type type, List<String> allowed, String labelKey) {

    public boolean isLabel() {
      return labelKey != null;
    }
  }

  /** The name of the entity's own labels, as an attribute. */
  public static final String LABELS = "Labels";
  /** The name of the labels of a unit's space, as an attribute. */
  public static final String SPACE_LABELS = "Space.Labels";

  /** Units (and their spaces). */
  public static final WhereCatalog UNITS =
      new WhereCatalog("units", true)
          .add("Slug", Type.STRING)
          .add("DisplayName", Type.STRING)
          .add("Target", Type.STRING)
          .add("DriftMode", Type.STRING, "Report", "Capture", "Revert")
          .add("Drift", Type.STRING, "None", "Drifted", "Unknown")
          // null while the unit has no applied objects
          .add("Health", Type.STRING, "Healthy", "Progressing", "Degraded", "Missing", "Unknown")
          // the unit or its space is suspended
          .add("Suspended", Type.BOOLEAN)
          .add("ApplyMode", Type.STRING, "OnDemand", "Continuous")
          .add("HeadRevisionNum", Type.INTEGER)
          .add("LiveRevisionNum", Type.INTEGER)
          .add("LastAppliedRevisionNum", Type.INTEGER)
          .add("PreviousLiveRevisionNum", Type.INTEGER)
          .add("CreatedAt", Type.TIMESTAMP)
          .add("UpdatedAt", Type.TIMESTAMP)
          .add("Space.Slug", Type.STRING)
          // the head revision fails a trigger
          .add("ApplyGated", Type.BOOLEAN)
          .add("ApprovalCount", Type.INTEGER)
          .add("ChangeSet", Type.STRING)
          // a clone whose upstream has revisions it is not based on yet
          .add("UpgradeNeeded", Type.BOOLEAN);

  public static final WhereCatalog SPACES =
      new WhereCatalog("spaces", false)
          .add("Slug", Type.STRING)
          .add("DisplayName", Type.STRING)
          .add("Suspended", Type.BOOLEAN)
          .add("ApplyMode", Type.STRING, "OnDemand", "Continuous")
          .add("FourEyes", Type.BOOLEAN)
          .add("DestroyGate", Type.BOOLEAN)
          .add("CreatedAt", Type.TIMESTAMP);

  /** The audit log's entries, which have no labels. */
  public static final WhereCatalog AUDIT =
      new WhereCatalog("audit entries", null)
          .add("Subject", Type.STRING)
          .add("Method", Type.STRING, "POST", "PUT", "PATCH", "DELETE")
          .add("Path", Type.STRING)
          .add("Status", Type.INTEGER)
          .add("Space", Type.STRING)
          .add("Operation", Type.STRING)
          .add("At", Type.TIMESTAMP);

  private static final Pattern LABEL_KEY = Pattern.compile("^[A-Za-z0-9]([-A-Za-z0-9_./]{0,315}[A-Za-z0-9])?$");

  private final String entity;
  /** {@code null}: no labels; false: its own; true: its own and its space's. */
  private final Boolean labels;
  private final Map<String, Attribute> attributes = new LinkedHashMap<>();

  private WhereCatalog(String entity, Boolean labels) {
    this.entity = entity;
    this.labels = labels;
  }

  private WhereCatalog add(String name, Type type, String... allowed) {
    attributes.put(name, new Attribute(name, type, List.of(allowed), null));
    return this;
  }

  /** The names of the attributes that are not labels, in the catalog's order. */
  public List<String> names() {
    return List.copyOf(attributes.keySet());
  }

  /** @throws TandemException {@code invalid-where}: an unknown attribute (naming the known ones), a bad label key */
  Attribute resolve(AttributeRef reference) {
    String name = reference.name();
    if (labels != null && name.startsWith(LABELS + ".")) {
      return label(reference, LABELS, name.substring(LABELS.length() + 1));
    }
    if (Boolean.TRUE.equals(labels) && name.startsWith(SPACE_LABELS + ".")) {
      return label(reference, SPACE_LABELS, name.substring(SPACE_LABELS.length() + 1));
    }
    Attribute attribute = attributes.get(name);
    if (attribute == null) {
      throw Where.invalid(reference.position(), "unknown attribute '" + name + "'; " + entity + " have "
          + String.join(", ", described()));
    }
    return attribute;
  }

  private static Attribute label(AttributeRef reference, String name, String key) {
    if (!LABEL_KEY.matcher(key).matches()) {
      throw Where.invalid(reference.position(), "'" + key + "' is not a label key");
    }
    return new Attribute(name, Type.STRING, List.of(), key);
  }

  private List<String> described() {
    List<String> names = new ArrayList<>(attributes.keySet());
    if (labels != null) {
      names.add(LABELS + ".<key>");
    }
    if (Boolean.TRUE.equals(labels)) {
      names.add(SPACE_LABELS + ".<key>");
    }
    return names;
  }

  @Override
  public String toString() {
    return entity;
  }
}
