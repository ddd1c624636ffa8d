package io.tandem.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for the tests: real requests to the running server, JSON in and out. */
public final class Api {

  public static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
  private final String base;
  private final Duration timeout;

  public Api(int port) {
    this("http://localhost:" + port, Duration.ofSeconds(30));
  }

  private Api(String base, Duration timeout) {
    this.base = base;
    this.timeout = timeout;
  }

  /** The same server, waiting up to {@code timeout} for each answer. */
  public Api withTimeout(Duration timeout) {
    return new Api(base, timeout);
  }

  /** A slug no other test uses. */
  public static String uniqueSlug(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  public Response get(String path, String... headers) {
    return send("GET", path, null, null, headers);
  }

  public Response delete(String path, String... headers) {
    return send("DELETE", path, null, null, headers);
  }

  public Response post(String path, Object json, String... headers) {
    return send("POST", path, "application/json", toJson(json), headers);
  }

  public Response patch(String path, Object json, String... headers) {
    return send("PATCH", path, "application/merge-patch+json", json == null ? null : toJson(json), headers);
  }

  public Response putYaml(String path, String yaml, String... headers) {
    return send("PUT", path, "application/yaml", yaml, headers);
  }

  /** Any request; {@code headers} alternate names and values. */
  public Response send(String method, String path, String contentType, String body, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(timeout)
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.headers().map(), response.body());
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(method + " " + path + " interrupted", e);
    }
  }

  private static String toJson(Object value) {
    return value instanceof String text ? text : JSON.writeValueAsString(value);
  }

  /** What came back. {@link #json()} parses the body. */
  public record Response(int status, Map<String, List<String>> headers, String body) {

    public JsonNode json() {
      return JSON.readTree(body);
    }

    public String header(String name) {
      return headers.entrySet().stream()
          .filter(entry -> entry.getKey().equalsIgnoreCase(name))
          .map(entry -> entry.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    public String code() {
      return json().path("code").asString();
    }

    /** The {@code items} of a list response, as nodes. */
    public List<JsonNode> items() {
      List<JsonNode> items = new ArrayList<>();
      json().path("items").forEach(items::add);
      return items;
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }
}
