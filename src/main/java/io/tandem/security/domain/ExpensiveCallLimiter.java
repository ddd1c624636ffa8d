package io.tandem.security.domain;

/**
 * Limits each caller's expensive calls (the operations declared {@code @Access(expensive = true)}) to
 * {@code tandem.security.expensive-calls-per-minute}, from a {@link CallBudget} that every replica takes from.
 */
public final class ExpensiveCallLimiter {

  private final int perMinute;
  private final CallBudget budget;

  /** @param perMinute the calls a caller may make a minute; 0 or less: no limit */
  public ExpensiveCallLimiter(int perMinute, CallBudget budget) {
    this.perMinute = perMinute;
    this.budget = budget;
  }

  public int perMinute() {
    return perMinute;
  }

  /** Takes one call from the caller's budget; 0 when allowed, else the seconds until one is available. */
  public long take(String caller) {
    return perMinute <= 0 ? 0 : budget.take(caller, perMinute);
  }
}
