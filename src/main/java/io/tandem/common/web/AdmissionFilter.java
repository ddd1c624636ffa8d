package io.tandem.common.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets a bounded number of API requests work at once and queues the rest in arrival order ({@link AdmissionProperties}).
 * It runs before authentication, so the whole of a request's work is inside its turn, and after the server's request
 * metrics, so their timings include the wait.
 *
 * <p>A request that waits for an action to finish ({@code ?wait=}) takes no turn, as it spends its time waiting
 * rather than working; an event stream gives its turn back once it has sent its backlog and gone asynchronous.
 * Anything else that blocks (a cluster that answers slowly) holds its turn, which is why no request waits longer than
 * {@code max-wait}: after that it runs anyway, counted in {@code tandem.admission.overflows}.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class AdmissionFilter extends OncePerRequestFilter {

  private final boolean enabled;
  private final Semaphore turns;
  private final long maxWaitNanos;
  private final Counter overflows;

  AdmissionFilter(AdmissionProperties settings, MeterRegistry meters) {
    this.enabled = settings.enabled();
    this.turns = new Semaphore(settings.permits(), true);
    this.maxWaitNanos = settings.maxWait().toNanos();
    this.overflows = Counter.builder("tandem.admission.overflows")
        .description("API requests that ran without a turn because none came within tandem.admission.max-wait")
        .register(meters);
    meters.gauge("tandem.admission.waiting", turns, Semaphore::getQueueLength);
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !enabled || !request.getRequestURI().startsWith("/api/") || waitsForAction(request.getQueryString());
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    boolean admitted = awaitTurn();
    try {
      chain.doFilter(request, response);
    } finally {
      if (admitted) {
        turns.release();
      }
    }
  }

  private boolean awaitTurn() {
    try {
      if (turns.tryAcquire(maxWaitNanos, TimeUnit.NANOSECONDS)) {
        return true;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    overflows.increment();
    return false;
  }

  /** Whether the query has a {@code wait} parameter; read from the query alone, so no form body is parsed here. */
  static boolean waitsForAction(String query) {
    if (query == null) {
      return false;
    }
    for (String parameter : query.split("&", -1)) {
      if (parameter.equals("wait") || parameter.startsWith("wait=")) {
        return true;
      }
    }
    return false;
  }
}
