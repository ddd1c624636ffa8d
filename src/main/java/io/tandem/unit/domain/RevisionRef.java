package io.tandem.unit.domain;

import io.tandem.common.error.TandemException;

/**
 * A reference to a revision as the API accepts it: a positive number (absolute), zero or a negative number (relative
 * to head: {@code -1} is the revision before head), {@code head}, {@code live}, {@code previousLive}, or
 * {@code tag:<name>} (the revision a tag of the unit's space names; resolved by {@link UnitQueries#resolve}).
 */
public record RevisionRef(String text, Kind kind, int number) {

  public enum Kind {
    ABSOLUTE,
    RELATIVE,
    HEAD,
    LIVE,
    PREVIOUS_LIVE,
    TAG
  }

  /** The tag's name, for a {@code tag:<name>} reference. */
  public String tag() {
    return kind == Kind.TAG ? text.substring("tag:".length()) : null;
  }

  public static RevisionRef parse(String parameter, String text) {
    if (text == null || text.isBlank()) {
      throw TandemException.invalidArgument("Parameter '" + parameter + "' must name a revision.");
    }
    String value = text.trim();
    Kind named = switch (value) {
      case "head" -> Kind.HEAD;
      case "live" -> Kind.LIVE;
      case "previousLive" -> Kind.PREVIOUS_LIVE;
      default -> null;
    };
    if (named != null) {
      return new RevisionRef(value, named, 0);
    }
    if (value.startsWith("tag:") && value.length() > 4) {
      return new RevisionRef(value, Kind.TAG, 0);
    }
    try {
      int number = Integer.parseInt(value);
      return new RevisionRef(value, number > 0 ? Kind.ABSOLUTE : Kind.RELATIVE, number);
    } catch (NumberFormatException e) {
      throw TandemException.invalidArgument(
          "Parameter '" + parameter + "' must be a revision number, 0 or a negative number relative to head, 'head',"
              + " 'live', 'previousLive' or 'tag:<name>'; got '" + value + "'.");
    }
  }

  /** The revision number this reference names in {@code unit}; 404 when there is no such revision. */
  public int resolve(Unit unit) {
    int num = resolveOrZero(unit);
    if (num < 1) {
      throw TandemException.notFound(describe(unit) + " does not exist.");
    }
    return num;
  }

  /**
   * As {@link #resolve}, but a reference to just before the first revision gives 0 (the empty configuration), so
   * that a diff of revision 1 against {@code -1} shows everything it added.
   */
  public int resolveAllowingEmpty(Unit unit) {
    int num = resolveOrZero(unit);
    if (num == 0 && kind == Kind.RELATIVE) {
      return 0;
    }
    return resolve(unit);
  }

  private int resolveOrZero(Unit unit) {
    int num =
        switch (kind) {
          case ABSOLUTE -> number;
          case RELATIVE -> unit.headRevisionNum() + number;
          case HEAD -> unit.headRevisionNum();
          case LIVE -> unit.liveRevisionNum();
          case PREVIOUS_LIVE -> unit.previousLiveRevisionNum();
          case TAG -> throw new IllegalStateException("A tag reference is resolved by UnitQueries.resolve");
        };
    if (num > unit.headRevisionNum()) {
      throw TandemException.notFound(describe(unit) + " does not exist; the head is revision " + unit.headRevisionNum() + ".");
    }
    return num;
  }

  private String describe(Unit unit) {
    return switch (kind) {
      case LIVE -> "Unit '" + unit.slug() + "' has never been applied, so its live revision";
      case PREVIOUS_LIVE -> "Unit '" + unit.slug() + "' has no previous live revision, so revision 'previousLive'";
      default -> "Revision '" + text + "' of unit '" + unit.slug() + "'";
    };
  }
}
