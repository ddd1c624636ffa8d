package io.tandem.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits each caller's expensive calls (bulk actions, refreshes, function invocations, clones, upgrades, imports,
 * tag and change-set applies) to {@code tandem.security.expensive-calls-per-minute}, as a token bucket per caller in
 * this server; more is {@code 429 rate-limited} with Retry-After.
 */
class ExpensiveCallLimiter extends OncePerRequestFilter {

  private static final Pattern EXPENSIVE = Pattern.compile(
      "^/api/v1/(actions|spaces/[^/]+/(actions|functions/invoke|clones|upgrades|imports|units/[^/]+/refresh"
          + "|tags/[^/]+/apply|change-sets/[^/]+/apply))$");

  private final int perMinute;
  private final Clock clock;
  private final Map<String, double[]> buckets = new ConcurrentHashMap<>();

  ExpensiveCallLimiter(int perMinute, Clock clock) {
    this.perMinute = perMinute;
    this.clock = clock;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return perMinute <= 0 || !request.getMethod().equals("POST") || !EXPENSIVE.matcher(request.getRequestURI()).matches();
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    String caller = authentication != null && authentication.getPrincipal() instanceof Caller found ? found.name() : request.getRemoteAddr();
    long waitSeconds = take(caller);
    if (waitSeconds > 0) {
      response.setHeader("Retry-After", Long.toString(waitSeconds));
      SecurityConfiguration.problem(request, response, io.tandem.common.error.ProblemCode.RATE_LIMITED,
          "More than " + perMinute + " expensive calls a minute; try again in " + waitSeconds + " s.");
      return;
    }
    chain.doFilter(request, response);
  }

  /** Takes one call from the caller's bucket; 0 when allowed, else the seconds until one is available. */
  private long take(String caller) {
    double now = clock.millis() / 1000.0;
    double[] bucket = buckets.computeIfAbsent(caller, key -> new double[] {perMinute, now});
    synchronized (bucket) {
      bucket[0] = Math.min(perMinute, bucket[0] + (now - bucket[1]) * perMinute / 60.0);
      bucket[1] = now;
      if (bucket[0] >= 1) {
        bucket[0] -= 1;
        return 0;
      }
      return (long) Math.ceil((1 - bucket[0]) * 60.0 / perMinute);
    }
  }
}
