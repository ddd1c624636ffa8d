package io.tandem.space.domain;

import io.tandem.common.error.TandemException;
import io.tandem.health.domain.ApplyWait;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.springframework.scheduling.support.CronExpression;

/**
 * When a space's units may be applied: an {@code allow} window lets the server apply them on its own only while one
 * is open; a {@code deny} window stops every apply, the server's and people's, unless a person overrides it. A window
 * opens at each time its cron {@code schedule} names (five fields, or six with seconds first, in its time zone) and
 * stays open for its {@code duration}.
 *
 * @param where the units it holds for, in the where language; {@code null} for all the space's units
 */
public record SyncWindow(String name, Kind kind, String schedule, Duration duration, ZoneId timeZone, String where) {

  public enum Kind { allow, deny }

  static final Duration MAX_DURATION = Duration.ofDays(31);

  /**
   * A window as given.
   *
   * @throws TandemException {@code validation-failed} naming the field that is wrong
   */
  public static SyncWindow of(String field, String name, String kind, String schedule, String duration, String timeZone,
      String where) {
    Kind parsedKind;
    try {
      parsedKind = Kind.valueOf(kind == null ? "" : kind);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field '" + field + ".kind' must be 'allow' or 'deny'.");
    }
    cron(field, schedule);
    Duration length = length(field, duration);
    ZoneId zone;
    try {
      zone = timeZone == null || timeZone.isBlank() ? ZoneId.of("UTC") : ZoneId.of(timeZone);
    } catch (DateTimeException e) {
      throw TandemException.validation("Field '" + field + ".timeZone' is not a time zone (such as Europe/Berlin or UTC).");
    }
    return new SyncWindow(name == null || name.isBlank() ? null : name.strip(), parsedKind, schedule.strip(), length,
        zone, where == null || where.isBlank() ? null : where.strip());
  }

  /** Whether it is open at {@code at}: it opened at most {@code duration} before. */
  public boolean openAt(Instant at) {
    ZonedDateTime first = cron(null, schedule).next(at.minus(duration).atZone(timeZone));
    return first != null && !first.toInstant().isAfter(at);
  }

  /** When the opening that holds at {@code at} closes; {@code at} itself when it is not open. */
  public Instant closesAfter(Instant at) {
    ZonedDateTime opened = cron(null, schedule).next(at.minus(duration).atZone(timeZone));
    return opened == null || opened.toInstant().isAfter(at) ? at : opened.toInstant().plus(duration);
  }

  /** When it opens next after {@code at}; {@code null} when its schedule never comes again. */
  public Instant opensAfter(Instant at) {
    ZonedDateTime next = cron(null, schedule).next(at.atZone(timeZone));
    return next == null ? null : next.toInstant();
  }

  /** {@code deny window 'freeze' (0 22 * * 5 for 60h, Europe/Berlin)}. */
  public String describe() {
    return kind + " window" + (name == null ? "" : " '" + name + "'") + " (" + schedule + " for "
        + ApplyWait.describe(duration) + ", " + timeZone.getId() + ")";
  }

  private static CronExpression cron(String field, String schedule) {
    String text = schedule == null ? "" : schedule.strip();
    try {
      return CronExpression.parse(text.split("\\s+").length == 5 ? "0 " + text : text);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field '" + field + ".schedule' is not a cron schedule (five fields, such as"
          + " '0 22 * * 5', or six with seconds first): " + e.getMessage());
    }
  }

  private static Duration length(String field, String duration) {
    Duration length;
    try {
      length = duration == null ? null : ApplyWait.duration(duration);
    } catch (TandemException e) {
      length = null;
    }
    if (length == null || length.compareTo(Duration.ofSeconds(1)) < 0 || length.compareTo(MAX_DURATION) > 0) {
      throw TandemException.validation("Field '" + field + ".duration' must be a duration from 1s to 31 days, such as"
          + " 90m, 8h or P2D.");
    }
    return length;
  }
}
