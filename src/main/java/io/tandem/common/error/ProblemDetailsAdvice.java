package io.tandem.common.error;

import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every exception that leaves a controller into RFC 9457 problem+json with a {@code code}. Client mistakes are
 * logged at DEBUG; anything unexpected is logged with its stack trace and answered with a generic 500 that reveals
 * nothing of the server's internals.
 */
@RestControllerAdvice
public class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);

  @ExceptionHandler(TandemException.class)
  ResponseEntity<Object> handleTandem(TandemException e, HttpServletRequest request) {
    log.debug("{} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
    ProblemDetail problem = Problems.of(e.code(), e.getMessage());
    e.properties().forEach(problem::setProperty);
    return Problems.response(problem);
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<Object> handleTypeMismatch(MethodArgumentTypeMismatchException e) {
    return Problems.response(
        Problems.of(
            ProblemCode.INVALID_ARGUMENT,
            "Parameter '" + e.getName() + "' has an invalid value: '" + e.getValue() + "'."));
  }

  /**
   * The security filter chain's firewall checks parameter names and values when they are first read, which may be in
   * a handler or interceptor: control characters or unassigned code points there are a bad request, not a failure.
   */
  @ExceptionHandler(RequestRejectedException.class)
  ResponseEntity<Object> handleRejected(RequestRejectedException e) {
    log.debug("Request rejected: {}", e.getMessage());
    return Problems.response(Problems.of(ProblemCode.VALIDATION_FAILED,
        "A query parameter's name or value holds characters that are not accepted (control characters, unassigned code points)."));
  }

  /** Tomcat parses the query string lazily, when a handler first reads a parameter: a nameless or badly encoded one. */
  @ExceptionHandler(InvalidParameterException.class)
  ResponseEntity<Object> handleInvalidParameter(InvalidParameterException e) {
    return Problems.response(
        Problems.of(ProblemCode.INVALID_ARGUMENT, "The query string is malformed: every parameter needs a name and valid encoding."));
  }

  /**
   * A constraint the database enforces that the domain did not check first (for example a concurrent delete), or a
   * value it cannot store (SQL state class 22). Only the SQL state is logged: the database's message quotes the
   * values, which may be credentials or Secret data.
   */
  @ExceptionHandler(DataIntegrityViolationException.class)
  ResponseEntity<Object> handleIntegrity(DataIntegrityViolationException e, HttpServletRequest request) {
    String state = sqlState(e);
    log.info("Integrity violation (SQL state {}) on {} {}", state, request.getMethod(), request.getRequestURI());
    if (state != null && state.startsWith("22")) {
      return Problems.response(
          Problems.of(ProblemCode.VALIDATION_FAILED, "A value of the request cannot be stored (SQL state " + state + ")."));
    }
    return Problems.response(
        Problems.of(ProblemCode.CONFLICT, "The change conflicts with a concurrent change; retry it."));
  }

  private static String sqlState(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState();
      }
    }
    return null;
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Object> handleUnexpected(Exception e, HttpServletRequest request) {
    log.error("Unexpected failure of {} {}", request.getMethod(), request.getRequestURI(), e);
    return Problems.response(Problems.of(ProblemCode.INTERNAL_ERROR, "An internal error occurred."));
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    return Problems.response(Problems.of(ProblemCode.VALIDATION_FAILED, Problems.unreadableBody(ex)));
  }

  @Override
  protected ResponseEntity<Object> handleNoResourceFoundException(
      NoResourceFoundException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    return Problems.response(
        Problems.of(ProblemCode.NOT_FOUND, "No route matches " + ex.getHttpMethod() + " /" + ex.getResourcePath() + "."));
  }

  /** Every problem Spring MVC raises itself (404, 405, 415, missing parameters …) gets a code too. */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex, Object body, HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
    ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
    if (response != null && response.getBody() instanceof ProblemDetail problem) {
      ProblemCode code = ProblemCode.forStatus(statusCode.value());
      problem.setType(code.type());
      problem.setProperty("code", code.code());
    }
    return response;
  }
}
