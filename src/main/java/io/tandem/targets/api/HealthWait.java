package io.tandem.targets.api;

import io.tandem.common.error.TandemException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code waitFor} and {@code timeout} parameters of an apply. */
final class HealthWait {

  static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
  static final Duration MAX_TIMEOUT = Duration.ofHours(1);
  private static final Pattern SIMPLE = Pattern.compile("^(\\d{1,7})(s|m|h)$");

  private HealthWait() {}

  /**
   * How long to wait for health; {@code null} when {@code waitFor} is absent.
   *
   * @throws TandemException {@code invalid-argument} for another {@code waitFor}, a timeout without it, or a timeout
   *     that is not a duration from 1s to 1h
   */
  static Duration parse(String waitFor, String timeout) {
    if (waitFor == null || waitFor.isEmpty()) {
      if (timeout != null) {
        throw TandemException.invalidArgument("Parameter 'timeout' needs waitFor=healthy.");
      }
      return null;
    }
    if (!waitFor.equals("healthy")) {
      throw TandemException.invalidArgument("Parameter 'waitFor' may only be 'healthy'.");
    }
    Duration duration = timeout == null ? DEFAULT_TIMEOUT : duration(timeout);
    if (duration == null || duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.compareTo(MAX_TIMEOUT) > 0) {
      throw TandemException.invalidArgument(
          "Parameter 'timeout' must be a duration from 1s to 1h, such as 30s, 5m or 1h.");
    }
    return duration;
  }

  private static Duration duration(String text) {
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
