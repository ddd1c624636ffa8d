package io.tandem.space.domain;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether a unit may be applied now by the windows that hold for it, as Argo CD decides: never while a deny window is
 * open; and, when it has allow windows, only while one of them is open.
 */
public final class SyncWindows {

  /** How far ahead the next opening is looked for. */
  private static final int MAX_STEPS = 64;

  private SyncWindows() {}

  /**
   * Whether a unit may be applied now, and if not, why and from when.
   *
   * @param open whether it may be applied now
   * @param reason why not, in words, naming the windows; {@code null} when open
   * @param opensAt when it may be applied next; {@code null} when open, or not within the next openings of its windows
   */
  public record Verdict(boolean open, String reason, Instant opensAt) {

    public static final Verdict OPEN = new Verdict(true, null, null);

    /** {@code …; it may be applied from 2026-12-07T06:00:00Z}. */
    public String describe() {
      return reason + (opensAt == null ? "" : "; it may be applied from " + opensAt);
    }
  }

  /** The verdict at {@code at} of the windows that hold for a unit. */
  public static Verdict verdict(List<SyncWindow> windows, Instant at) {
    String reason = closedBy(windows, at);
    if (reason == null) {
      return Verdict.OPEN;
    }
    return new Verdict(false, reason, nextOpening(windows, at));
  }

  /** Why they keep a unit from being applied at {@code at}; {@code null} when they do not. */
  static String closedBy(List<SyncWindow> windows, Instant at) {
    for (SyncWindow window : windows) {
      if (window.kind() == SyncWindow.Kind.deny && window.openAt(at)) {
        return "the " + window.describe() + " is open until " + window.closesAfter(at);
      }
    }
    List<SyncWindow> allows = windows.stream().filter(window -> window.kind() == SyncWindow.Kind.allow).toList();
    if (allows.isEmpty() || allows.stream().anyMatch(window -> window.openAt(at))) {
      return null;
    }
    return "no allow window is open (" + String.join(", ", allows.stream().map(SyncWindow::describe).toList()) + ")";
  }

  /** The first moment after {@code at} the windows let a unit be applied: when a deny closes or an allow opens. */
  private static Instant nextOpening(List<SyncWindow> windows, Instant at) {
    Instant now = at;
    for (int step = 0; step < MAX_STEPS; step++) {
      Instant from = now;
      List<Instant> moments = new ArrayList<>();
      for (SyncWindow window : windows) {
        moments.add(window.kind() == SyncWindow.Kind.deny && window.openAt(from) ? window.closesAfter(from)
            : window.opensAfter(from));
      }
      Instant next = moments.stream().filter(Objects::nonNull).filter(moment -> moment.isAfter(from))
          .min(Instant::compareTo).orElse(null);
      if (next == null) {
        return null;
      }
      if (closedBy(windows, next) == null) {
        return next.truncatedTo(ChronoUnit.MILLIS);
      }
      now = next;
    }
    return null;
  }
}
