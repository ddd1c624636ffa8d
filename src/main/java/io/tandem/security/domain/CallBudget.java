package io.tandem.security.domain;

/**
 * Each caller's budget of expensive calls, a token bucket shared by every replica (so N replicas do not multiply the
 * limit) and timed by one clock, the store's.
 */
public interface CallBudget {

  /**
   * Takes one call from the caller's bucket of {@code perMinute} (refilled one call per {@code 60 / perMinute} s);
   * 0 when allowed, else the seconds until one is available.
   */
  long take(String caller, int perMinute);
}
