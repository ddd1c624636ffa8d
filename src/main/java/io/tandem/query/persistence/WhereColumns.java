package io.tandem.query.persistence;

import io.tandem.query.domain.WhereCatalog;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What each attribute of a {@link WhereCatalog} stands for in one store's query: a SQL expression over the query's
 * aliases, fixed text, and the columns labels are read from. A store owns its columns; {@link #of} refuses a map that
 * leaves out an attribute of the catalog, so a catalog and its columns cannot drift apart unnoticed.
 */
public final class WhereColumns {

  private final Map<String, String> sql;
  private final String labels;
  private final String spaceLabels;

  private WhereColumns(Map<String, String> sql, String labels, String spaceLabels) {
    this.sql = sql;
    this.labels = labels;
    this.spaceLabels = spaceLabels;
  }

  /**
   * The columns of the catalog's attributes in one store's query.
   *
   * @param sql each attribute's SQL, by name
   * @param labels the jsonb column of the entity's labels, or null when it has none
   * @param spaceLabels the jsonb column of its space's labels, or null
   * @throws IllegalStateException when an attribute of the catalog has no SQL, or one has SQL but is not in it
   */
  public static WhereColumns of(WhereCatalog catalog, Map<String, String> sql, String labels, String spaceLabels) {
    if (!sql.keySet().equals(Set.copyOf(catalog.names()))) {
      throw new IllegalStateException("The columns of " + catalog + " are " + sql.keySet() + ", not "
          + catalog.names());
    }
    return new WhereColumns(Map.copyOf(new LinkedHashMap<>(sql)), labels, spaceLabels);
  }

  String sql(String attribute) {
    return sql.get(attribute);
  }

  /** The labels column a label attribute ({@link WhereCatalog#LABELS}, {@link WhereCatalog#SPACE_LABELS}) reads. */
  String labels(String attribute) {
    return WhereCatalog.SPACE_LABELS.equals(attribute) ? spaceLabels : labels;
  }
}
