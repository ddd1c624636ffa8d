package io.tandem.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The sandbox etcd's history of revisions, through its HTTP gateway on loopback (TLS, with the client certificate). */
final class EtcdHistory {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final URI endpoint;
  private final HttpClient http;

  EtcdHistory(int port, SSLContext ssl) {
    this.endpoint = URI.create("https://127.0.0.1:" + port);
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).sslContext(ssl).build();
  }

  URI endpoint() {
    return endpoint;
  }

  /**
   * Drops every revision before the current one, as the API server's own compaction does every few minutes: a watch
   * asking for an older resource version then gets 410 Gone.
   */
  void compactToNow() {
    // a range read of one key answers with the store's current revision in its header
    String revision = post("/v3/kv/range", "{\"key\":\"AA==\",\"limit\":1}").path("header").path("revision").asString();
    post("/v3/kv/compaction", "{\"revision\":\"" + revision + "\",\"physical\":true}");
  }

  private JsonNode post(String path, String body) {
    try {
      HttpRequest request = HttpRequest.newBuilder(endpoint.resolve(path)).timeout(Duration.ofSeconds(10))
          .POST(HttpRequest.BodyPublishers.ofString(body)).build();
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("etcd " + path + " answered " + response.statusCode() + ": " + response.body());
      }
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new IllegalStateException("etcd " + path + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted calling etcd " + path, e);
    }
  }
}
