package io.tandem.imports.remote;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.RemoteFailures;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * GET requests to chart repositories and registries: every hop, redirects included, held against the outbound policy
 * before it connects; redirects followed here (at most five, http and https only), credentials sent to the first
 * host only; a body read no further than a limit.
 */
final class RemoteHttp {

  private static final int MAX_REDIRECTS = 5;

  /** An answer: its status, the URL that gave it, a header by name, and the body. */
  @SuppressWarnings("ArrayRecordComponent") // the body's bytes passed through, never compared
  record Response(int status, URI uri, Map<String, java.util.List<String>> headers, byte[] body) {

    Optional<String> header(String name) {
      return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name))
          .flatMap(entry -> entry.getValue().stream()).findFirst();
    }
  }

  private final OutboundPolicy outbound;
  private final Duration timeout;
  private final HttpClient http;

  RemoteHttp(OutboundPolicy outbound, Duration timeout) {
    this.outbound = outbound;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
  }

  /**
   * @param field the request field that named the place, for the problem a refused address gives
   * @param maxBytes the longest body read; a longer one is {@code payload-too-large}
   */
  Response get(String field, URI uri, Map<String, String> headers, long maxBytes) {
    URI current = uri;
    for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
      Response response = once(field, current, sameHost(uri, current) ? headers : Map.of(), maxBytes);
      Optional<String> location = response.header("Location");
      if (response.status() / 100 != 3 || location.isEmpty()) {
        return response;
      }
      current = current.resolve(location.get());
      String scheme = current.getScheme() == null ? "" : current.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("https") && !scheme.equals("http")) {
        throw failed(uri, "it redirects to a " + scheme + " URL");
      }
    }
    throw failed(uri, "it redirects more than " + MAX_REDIRECTS + " times");
  }

  private Response once(String field, URI uri, Map<String, String> headers, long maxBytes) {
    try {
      outbound.resolveAllowed(field, uri);
      HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
      headers.forEach(request::header);
      HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        if (bytes.length > maxBytes) {
          throw new TandemException(ProblemCode.PAYLOAD_TOO_LARGE, uri + " answers with more than " + maxBytes / 1024
              + " KiB, the most read from a chart repository or registry (tandem.imports.max-chart-size).");
        }
        return new Response(response.statusCode(), uri, response.headers().map(), bytes);
      }
    } catch (IOException e) {
      throw failed(uri, RemoteFailures.reason(e, "the connection failed"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failed(uri, "interrupted");
    }
  }

  static TandemException failed(URI uri, String why) {
    return new TandemException(ProblemCode.CHART_SOURCE_FAILED, "Cannot fetch " + withoutQuery(uri) + ": " + why + ".");
  }

  /** A URL as it may be shown: without its query, which may hold a signed token. */
  static String withoutQuery(URI uri) {
    return uri.getScheme() + "://" + uri.getRawAuthority() + (uri.getRawPath() == null ? "" : uri.getRawPath());
  }

  private static boolean sameHost(URI a, URI b) {
    return a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost()) && a.getPort() == b.getPort();
  }
}
