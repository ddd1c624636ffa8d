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
 * Gives back the turn ({@link AdmissionExecutor}) of a request that should take none: one outside the API (pages,
 * health), and one that waits for an action to finish ({@code ?wait=}), as it spends its time waiting rather than
 * working. An event stream gives its turn back by itself once it has sent its backlog and gone asynchronous.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class AdmissionFilter extends OncePerRequestFilter {

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return request.getRequestURI().startsWith("/api/") && !waitsForAction(request.getQueryString());
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    AdmissionExecutor.leaveTurn();
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
