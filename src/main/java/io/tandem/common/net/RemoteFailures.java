package io.tandem.common.net;

import io.tandem.common.error.TandemException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * Outbound failures in words of our own. A remote's answer (a response body, an error message it sent, a reason
 * phrase) is never repeated: the destination may be a service the caller could not otherwise read.
 */
public final class RemoteFailures {

  private RemoteFailures() {}

  /** A generic reason for a network-level failure anywhere in the cause chain; {@code fallback} for anything else. */
  public static String reason(Throwable failure, String fallback) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      String reason = reasonOf(cause);
      if (reason != null) {
        return reason;
      }
    }
    return fallback;
  }

  /**
   * Whether the failure is that no connection could be made (no such host, no route, refused, a connect that timed
   * out, a TLS handshake that failed): nothing was sent, so it says where this server stands as much as where the
   * remote does.
   */
  public static boolean notConnected(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof UnknownHostException || cause instanceof ConnectException
          || cause instanceof SSLException || cause.getClass().getSimpleName().contains("ConnectTimeout")) {
        return true; // NoRouteToHostException is a ConnectException
      }
    }
    return false;
  }

  private static String reasonOf(Throwable cause) {
    if (cause instanceof TandemException e) {
      return e.getMessage(); // our own text, such as a destination that is not allowed
    }
    if (cause.getClass().getSimpleName().contains("Timeout")) {
      return "timed out"; // before ConnectException: Netty's ConnectTimeoutException extends it
    }
    if (cause instanceof UnknownHostException) {
      return "host not found";
    }
    if (cause instanceof NoRouteToHostException) {
      return "no route to host";
    }
    if (cause instanceof ConnectException) {
      return "connection refused";
    }
    if (cause instanceof SSLException || cause instanceof CertificateException) {
      return "TLS handshake failed";
    }
    if (cause instanceof InterruptedIOException) {
      return "timed out";
    }
    return null;
  }
}
