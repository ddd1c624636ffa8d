package io.tandem.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** A small HTTP server on loopback for the tests' chart repositories and registries: fixed answers by path. */
public final class ChartServer implements AutoCloseable {

  /** An answer: status, headers, body. */
  public record Answer(int status, Map<String, String> headers, byte[] body) {

    public static Answer ok(byte[] body) {
      return new Answer(200, Map.of(), body);
    }
  }

  private final HttpServer server;
  private final Map<String, Function<Map<String, String>, Answer>> routes = new ConcurrentHashMap<>();

  public ChartServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", exchange -> {
      Map<String, String> headers = new ConcurrentHashMap<>();
      exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
      String path = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      Function<Map<String, String>, Answer> route = routes.get(path);
      Answer answer = route == null ? new Answer(404, Map.of(), "not found".getBytes(java.nio.charset.StandardCharsets.UTF_8))
          : route.apply(headers);
      answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
      exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer.body());
      }
    });
    server.start();
  }

  /** Answers requests for {@code pathAndQuery}. */
  public ChartServer on(String pathAndQuery, Function<Map<String, String>, Answer> answer) {
    routes.put(pathAndQuery, answer);
    return this;
  }

  public ChartServer on(String pathAndQuery, byte[] body) {
    return on(pathAndQuery, headers -> Answer.ok(body));
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public String hostAndPort() {
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
