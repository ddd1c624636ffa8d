package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.Problems;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * What the servlet container answers for a request it refused before any filter ran (a malformed request line or
 * path, headers too large): problem+json like every other error, never its HTML page. Nothing of the request is
 * repeated, since it is exactly what could not be parsed.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.isCommitted() || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    ProblemCode code = ProblemCode.forStatus(status);
    String detail = status == 400 ? "The request line, path or headers are malformed or too large."
        : status >= 500 ? "An internal error occurred." : code.status().getReasonPhrase() + ".";
    try {
      response.resetBuffer();
      Problems.write(response, code, detail, null);
      response.setStatus(status); // forStatus may name a code of another status (a 431 reads as 400's code)
      response.finishResponse();
    } catch (IOException | IllegalStateException e) {
      // the client is gone or the response cannot be written: nothing more to tell it
    }
  }
}
