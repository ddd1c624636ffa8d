package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A request whose body fails with 413 {@code payload-too-large} as soon as more than a limit has been read from it,
 * for bodies that announce no length (chunked transfer encoding) or announce less than they send, and with 408
 * {@code request-timeout} once it has taken longer than a deadline to arrive (each read's own wait is bounded by the
 * connector's timeout; this bounds them all together).
 */
final class BoundedBodyRequest extends HttpServletRequestWrapper {

  private final long maxBytes;
  private final Duration timeout;
  private ServletInputStream body;

  BoundedBodyRequest(HttpServletRequest request, long maxBytes, Duration timeout) {
    super(request);
    this.maxBytes = maxBytes;
    this.timeout = timeout;
  }

  @Override
  public ServletInputStream getInputStream() throws IOException {
    if (body == null) {
      body = new Bounded(super.getInputStream(), maxBytes, timeout);
    }
    return body;
  }

  @Override
  public BufferedReader getReader() throws IOException {
    String encoding = getCharacterEncoding();
    Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
    return new BufferedReader(new InputStreamReader(getInputStream(), charset));
  }

  static TandemException tooLarge(long maxBytes) {
    return new TandemException(
        ProblemCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + maxBytes + " bytes, the most accepted.");
  }

  private static final class Bounded extends ServletInputStream {

    private final ServletInputStream in;
    private final long maxBytes;
    private final Duration timeout;
    private final long deadline;
    private long read;

    Bounded(ServletInputStream in, long maxBytes, Duration timeout) {
      this.in = in;
      this.maxBytes = maxBytes;
      this.timeout = timeout;
      this.deadline = System.nanoTime() + timeout.toNanos();
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) {
      read += n;
      if (read > maxBytes) {
        throw tooLarge(maxBytes);
      }
      if (System.nanoTime() - deadline > 0 && !in.isFinished()) {
        throw new TandemException(ProblemCode.REQUEST_TIMEOUT,
            "The request body did not arrive within " + timeout.toSeconds() + " s.");
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
