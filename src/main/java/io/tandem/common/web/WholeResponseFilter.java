package io.tandem.common.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Sends a response in one piece. Spring MVC flushes every body it writes, which made the server send the body as a
 * chunk and then, when the request ended, the chunked encoding's end in a second write: two system calls and two
 * wake-ups of the client per response. With the flush deferred, a body that fits the server's buffer goes out with its
 * headers and a {@code Content-Length} in one write when the request ends; a larger one is sent as the buffer fills.
 * Streams (server-sent events), which are asynchronous, are flushed as they ask.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class WholeResponseFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(request, new WholeResponse(request, response));
  }

  /**
   * A response whose flushes wait for the end of the request, unless the request went asynchronous: an asynchronous
   * request keeps this wrapper (its context holds it) into its later dispatches, where flushes go through as well.
   */
  static final class WholeResponse extends HttpServletResponseWrapper {

    private final HttpServletRequest request;

    WholeResponse(HttpServletRequest request, HttpServletResponse response) {
      super(response);
      this.request = request;
    }

    @Override
    public void flushBuffer() throws IOException {
      if (request.isAsyncStarted() || request.getDispatcherType() == DispatcherType.ASYNC) {
        super.flushBuffer();
      }
    }
  }
}
