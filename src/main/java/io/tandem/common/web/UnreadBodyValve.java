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
      if (!request.isAsyncStarted() && bodyStillToCome(request)) {
        // The answer goes out first, saying the connection closes: disabling the swallow marks the exchange as
        // failed, which would turn a status below 400 not yet sent into a 500, and a client that did not hear of the
        // close would send its next request into it.
        if (!response.isCommitted()) {
          response.setHeader("Connection", "close");
        }
        response.finishResponse(); // whole, with its Content-Length: a body cut off by the close is not one
        request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
      }
    }
  }

  /**
   * Whether some of the body is unread and has not arrived yet. A body that is here already (most small ones come with
   * their headers) costs nothing to swallow, and the connection stays open for the client's next request.
   */
  private static boolean bodyStillToCome(Request request) {
    org.apache.coyote.Request coyote = request.getCoyoteRequest();
    long length = coyote.getContentLengthLong();
    if (length < 0) {
      return "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding")) && !coyote.isFinished();
    }
    long unread = length - coyote.getBytesRead();
    if (unread <= 0) {
      return false;
    }
    coyote.action(ActionCode.AVAILABLE, true); // what is buffered, after a read that does not block
    return coyote.getAvailable() < unread;
  }
}
