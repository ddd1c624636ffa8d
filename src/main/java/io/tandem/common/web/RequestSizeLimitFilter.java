package io.tandem.common.web;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body that cannot hold acceptable unit data: more than twice the unit data limit (room for JSON
 * escaping) plus 1 MiB for the rest of the request. A body that announces its length is refused before any of it is
 * read; any other (chunked) body fails as soon as the limit is passed while it is read. The exact limit on the data
 * itself is checked where the data is parsed, and every text field has its own ({@link TextLimits}).
 */
@Component
class RequestSizeLimitFilter extends OncePerRequestFilter {

  private static final long ENVELOPE_BYTES = 1024 * 1024;

  private final long maxRequestBytes;
  private final Duration bodyTimeout;

  RequestSizeLimitFilter(TandemProperties properties, HttpTimeoutProperties timeouts) {
    this.maxRequestBytes = 2 * properties.maxUnitDataSize().toBytes() + ENVELOPE_BYTES;
    this.bodyTimeout = timeouts.bodyTimeout();
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long length = request.getContentLengthLong();
    if (length <= maxRequestBytes) {
      chain.doFilter(new BoundedBodyRequest(request, maxRequestBytes, bodyTimeout), response);
      return;
    }
    response.setHeader("Connection", "close");
    Problems.write(response, ProblemCode.PAYLOAD_TOO_LARGE,
        "The request body is " + length + " bytes; at most " + maxRequestBytes + " bytes are accepted.", request.getRequestURI());
  }
}
