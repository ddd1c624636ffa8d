package io.tandem.common.web;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refuses a request body that cannot hold acceptable unit data: more than twice the unit data limit (room for JSON
 * escaping) plus 1 MiB for the rest of the request. A body that announces its length is refused before any of it is
 * read; any other (chunked) body fails as soon as the limit is passed while it is read. The exact limit on the data
 * itself is checked where the data is parsed, and every text field has its own ({@link TextLimits}).
 */
@Component
class RequestSizeLimitFilter extends OncePerRequestFilter {

  private static final long ENVELOPE_BYTES = 1024 * 1024;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final long maxRequestBytes;

  RequestSizeLimitFilter(TandemProperties properties) {
    this.maxRequestBytes = 2 * properties.maxUnitDataSize().toBytes() + ENVELOPE_BYTES;
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long length = request.getContentLengthLong();
    if (length <= maxRequestBytes) {
      chain.doFilter(new BoundedBodyRequest(request, maxRequestBytes), response);
      return;
    }
    ProblemDetail problem =
        Problems.of(
            ProblemCode.PAYLOAD_TOO_LARGE,
            "The request body is " + length + " bytes; at most " + maxRequestBytes + " bytes are accepted.");
    response.setStatus(problem.getStatus());
    response.setContentType("application/problem+json");
    response.setHeader("Connection", "close");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", problem.getType().toString());
    body.put("title", problem.getTitle());
    body.put("status", problem.getStatus());
    body.put("detail", problem.getDetail());
    body.put("instance", request.getRequestURI());
    body.putAll(problem.getProperties());
    JSON.writeValue(response.getOutputStream(), body);
  }
}
