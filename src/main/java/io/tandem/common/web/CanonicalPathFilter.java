package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/** Refuses a request whose path is not canonical ({@link CanonicalPath}) with 400 before any other filter or handler. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class CanonicalPathFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Optional<String> problem = CanonicalPath.problem(request.getRequestURI());
    if (problem.isPresent()) {
      Problems.write(response, ProblemCode.NON_CANONICAL_PATH, "The request path is not in canonical form: "
          + problem.get() + ".", request.getRequestURI());
      return;
    }
    chain.doFilter(request, response);
  }
}
