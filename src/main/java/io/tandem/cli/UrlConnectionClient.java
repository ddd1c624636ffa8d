package io.tandem.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.HttpURLConnection;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The generated client's {@link HttpClient}, sending through {@link HttpURLConnection}: the JDK's own HTTP client
 * starts a selector thread and its machinery on first use, which took half a second of every command's start (measured:
 * 0.8–1.1 s for a JVM that makes one request with it, 0.15 s with a URL connection). A method the URL connection does
 * not know (PATCH) goes to the JDK's client, made only then.
 */
final class UrlConnectionClient extends HttpClient {

  private static final Set<String> OWN_METHODS = Set.of("GET", "POST", "PUT", "DELETE", "HEAD");

  private final Supplier<HttpClient> fallback;
  private final Duration connectTimeout;
  private HttpClient fallbackClient;

  UrlConnectionClient(Supplier<HttpClient> fallback, Duration connectTimeout) {
    this.fallback = fallback;
    this.connectTimeout = connectTimeout;
  }

  /** A builder of this client; what it is not given, it takes from {@code fallback} when it needs that client. */
  static HttpClient.Builder builder(HttpClient.Builder fallback) {
    return new UrlConnectionClientBuilder(fallback);
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    if (!OWN_METHODS.contains(request.method())) {
      return fallback().send(request, handler);
    }
    HttpURLConnection connection = (HttpURLConnection) request.uri().toURL().openConnection();
    connection.setRequestMethod(request.method());
    connection.setInstanceFollowRedirects(false);
    if (connectTimeout != null) {
      connection.setConnectTimeout((int) connectTimeout.toMillis());
    }
    request.timeout().ifPresent(timeout -> connection.setReadTimeout((int) timeout.toMillis()));
    request.headers().map().forEach((name, values) -> values.forEach(value -> connection.addRequestProperty(name, value)));
    byte[] body = request.bodyPublisher().map(UrlConnectionClient::bytes).orElse(null);
    if (body != null && body.length > 0) {
      connection.setDoOutput(true);
      connection.setFixedLengthStreamingMode(body.length);
      try (OutputStream out = connection.getOutputStream()) {
        out.write(body);
      }
    }
    int status = connection.getResponseCode();
    HttpHeaders headers = HttpHeaders.of(headers(connection), (name, value) -> true);
    InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
    HttpResponse.BodySubscriber<T> subscriber = handler.apply(new Info(status, headers));
    Streaming.feed(in == null ? InputStream.nullInputStream() : in, subscriber);
    try {
      T result = subscriber.getBody().toCompletableFuture().get();
      return new Response<>(request, status, headers, result);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException(e.getCause());
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return send(request, handler);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    });
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushes) {
    return sendAsync(request, handler);
  }

  private synchronized HttpClient fallback() {
    if (fallbackClient == null) {
      fallbackClient = fallback.get();
    }
    return fallbackClient;
  }

  private static Map<String, List<String>> headers(HttpURLConnection connection) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    connection.getHeaderFields().forEach((name, values) -> {
      if (name != null) { // the status line
        headers.put(name, values);
      }
    });
    return headers;
  }

  /** What a body publisher publishes, collected (the client's bodies are small: JSON, YAML, a chart). */
  private static byte[] bytes(HttpRequest.BodyPublisher publisher) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CompletableFuture<byte[]> done = new CompletableFuture<>();
    publisher.subscribe(new Flow.Subscriber<>() {
      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        subscription.request(Long.MAX_VALUE);
      }

      @Override
      public void onNext(ByteBuffer item) {
        byte[] chunk = new byte[item.remaining()];
        item.get(chunk);
        out.writeBytes(chunk);
      }

      @Override
      public void onError(Throwable throwable) {
        done.completeExceptionally(throwable);
      }

      @Override
      public void onComplete() {
        done.complete(out.toByteArray());
      }
    });
    return done.join();
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return Optional.empty();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return Optional.ofNullable(connectTimeout);
  }

  @Override
  public Redirect followRedirects() {
    return Redirect.NEVER;
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return Optional.empty();
  }

  @Override
  public SSLContext sslContext() {
    return fallback().sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return fallback().sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return Optional.empty();
  }

  @Override
  public Version version() {
    return Version.HTTP_1_1;
  }

  @Override
  public Optional<Executor> executor() {
    return Optional.empty();
  }

  private record Info(int statusCode, HttpHeaders headers) implements HttpResponse.ResponseInfo {
    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
  }

  private record Response<T>(HttpRequest request, int statusCode, HttpHeaders headers, T body) implements HttpResponse<T> {
    @Override
    public Optional<HttpResponse<T>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public Optional<javax.net.ssl.SSLSession> sslSession() {
      return Optional.empty();
    }

    @Override
    public java.net.URI uri() {
      return request.uri();
    }

    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
  }
}
