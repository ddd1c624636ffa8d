package io.tandem.common.web;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * A request body the server did not read is not read after the answer either: the connection closes instead. Tomcat
 * otherwise reads ("swallows") the rest of the body to keep the connection alive, on the request's thread, so a
 * client refused before its body was read (401, 403, 413) still held a thread for as long as it took to send that
 * body, one byte at a time if it liked.
 */
final class UnreadBodyValve extends ValveBase {

  UnreadBodyValve() {
    super(true);
  }

  @Override
  public void invoke(Request request, Response response) throws IOException, ServletException {
    try {
      getNext().invoke(request, response);
    } finally {
      if (!request.isAsyncStarted() && hasUnreadBody(request)) {
        request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
      }
    }
  }

  private static boolean hasUnreadBody(Request request) {
    org.apache.coyote.Request coyote = request.getCoyoteRequest();
    long length = coyote.getContentLengthLong();
    boolean chunked = length < 0 && "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding"));
    return (length > 0 && coyote.getBytesRead() < length) || (chunked && !coyote.isFinished());
  }
}
