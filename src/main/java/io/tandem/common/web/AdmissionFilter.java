package io.tandem.common.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps API requests in arrival order ({@link AdmissionExecutor#keepArrivalOrder()}), and gives back the turn of a
 * request that should take none: one outside the API (pages, health), and one that waits for an action to finish
 * ({@code ?wait=}), as it spends its time waiting rather than working. An event stream gives its turn back by itself
 * once it has sent its backlog and gone asynchronous. First of the filters, so that the server's request timings
 * ({@code http.server.requests}) begin after the wait for a turn, as they do for a request that waited in the queue.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class AdmissionFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getRequestURI().startsWith("/api/") && !waitsForAction(request.getQueryString())) {
      AdmissionExecutor.keepArrivalOrder();
    } else {
      AdmissionExecutor.leaveTurn();
    }
    chain.doFilter(request, response);
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
