package io.tandem.common.error;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers errors that never reached a controller (raised by filters or the servlet container) with problem+json
 * instead of the container's HTML page.
 */
@Hidden
@RestController
public class ErrorFallbackController implements ErrorController {

  @RequestMapping("${server.error.path:/error}")
  ResponseEntity<Object> error(HttpServletRequest request) {
    Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = statusAttribute instanceof Integer value ? value : 500;
    ProblemCode code = ProblemCode.forStatus(status);
    String detail =
        status >= 500 ? "An internal error occurred." : code.status().getReasonPhrase() + ".";
    var problem = Problems.of(code, detail);
    problem.setStatus(status);
    Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    if (uri != null) {
      problem.setInstance(URI.create(uri.toString()));
    }
    return Problems.response(problem);
  }
}
