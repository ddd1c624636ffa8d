package io.tandem.health.domain;

import io.tandem.common.error.TandemException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an apply waits for once applied: nothing ({@link #NONE}), or its unit to be healthy for up to {@code timeout}.
 * Asked for per apply ({@code waitFor}, {@code timeout}) or as a space's default ({@code applyWaitFor},
 * {@code applyWaitTimeout}), by the same rules.
 */
public record ApplyWait(Duration timeout) {

  public static final ApplyWait NONE = new ApplyWait(null);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
  static final Duration MAX_TIMEOUT = Duration.ofHours(1);
  private static final Pattern SIMPLE = Pattern.compile("^(\\d{1,7})(s|m|h)$");

  public static ApplyWait healthy(Duration timeout) {
    return new ApplyWait(timeout == null ? DEFAULT_TIMEOUT : timeout);
  }

  public boolean waits() {
    return timeout != null;
  }

  /**
   * The wait an apply asks for; {@code null} when it says nothing (its space's default applies).
   *
   * @param what {@code Parameter} or {@code Field}, for the messages
   * @param waitFor {@code healthy}, {@code none}, or absent
   * @param timeout with {@code healthy}: a duration from 1s to 1h ({@code 30s}, {@code 5m}, {@code PT1H}); default 5m
   * @throws TandemException {@code invalid-argument} for another {@code waitFor}, a timeout without
   *     {@code waitFor=healthy}, or a timeout that is not a duration from 1s to 1h
   */
  public static ApplyWait parse(String what, String waitForName, String waitFor, String timeoutName, String timeout) {
    if (waitFor == null || waitFor.isEmpty() || waitFor.equals("none")) {
      if (timeout != null) {
        throw TandemException.invalidArgument(what + " '" + timeoutName + "' needs " + waitForName + "=healthy.");
      }
      return waitFor == null || waitFor.isEmpty() ? null : NONE;
    }
    if (!waitFor.equals("healthy")) {
      throw TandemException.invalidArgument(what + " '" + waitForName + "' may only be 'healthy' or 'none'.");
    }
    return healthy(timeout == null ? null : timeout(what + " '" + timeoutName + "'", timeout));
  }

  /** A duration from 1s to 1h; {@code 30s}, {@code 5m}, {@code 1h} or ISO 8601; {@code name} says whose. */
  public static Duration timeout(String name, String text) {
    Duration duration = duration(text);
    if (duration == null || duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.compareTo(MAX_TIMEOUT) > 0) {
      throw TandemException.invalidArgument(
          name + " must be a duration from 1s to 1h, such as 30s, 5m or 1h.");
    }
    return duration;
  }

  /** {@code 5m}, {@code 90s}, {@code 1h}. */
  public static String describe(Duration duration) {
    long seconds = duration.toSeconds();
    if (seconds % 3600 == 0) {
      return seconds / 3600 + "h";
    }
    return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
  }

  private static final String WAITING = " Waiting up to ";

  /** The message of an apply that now waits: what the apply did, then how long it waits. */
  public static String waitingMessage(String applied, Duration timeout) {
    return applied + WAITING + describe(timeout) + " for its objects to be healthy.";
  }

  /** What the apply did, from the message {@link #waitingMessage} made. */
  public static String appliedPart(String waitingMessage) {
    int at = waitingMessage.lastIndexOf(WAITING);
    return at < 0 ? waitingMessage : waitingMessage.substring(0, at);
  }

  /** {@code 30s}, {@code 5m}, {@code 1h} or ISO 8601; {@code null} when it is none of those. */
  public static Duration duration(String text) {
    Matcher simple = SIMPLE.matcher(text);
    if (simple.matches()) {
      long amount = Long.parseLong(simple.group(1));
      return switch (simple.group(2)) {
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        default -> Duration.ofHours(amount);
      };
    }
    try {
      return Duration.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
