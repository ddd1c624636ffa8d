package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Responses go out in one piece with their length when they fit the server's buffer, and whole when they do not. */
@TandemIT
class WholeResponseIT {

  @LocalServerPort int port;

  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("whole");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
  }

  @Test
  void aResponseThatFitsTheBufferHasAContentLengthAndIsNotChunked() {
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "data", configMap("fast")))
        .status()).isEqualTo(201);

    Api.Response unit = api.get("/api/v1/spaces/" + space + "/units/settings");
    Api.Response missing = api.get("/api/v1/spaces/" + space + "/units/nothing");

    assertThat(unit.status()).isEqualTo(200);
    assertThat(unit.header("Transfer-Encoding")).isNull();
    assertThat(unit.header("Content-Length")).isEqualTo(String.valueOf(bytes(unit.body())));
    assertThat(unit.json().path("data").asString()).contains("mode: fast");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Content-Length")).isEqualTo(String.valueOf(bytes(missing.body())));
  }

  @Test
  void aResponseLargerThanTheBufferArrivesWhole() {
    String big = configMap("x".repeat(200_000));
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "big", "data", big)).status())
        .isEqualTo(201);

    Api.Response unit = api.get("/api/v1/spaces/" + space + "/units/big");

    assertThat(unit.status()).isEqualTo(200);
    assertThat(unit.json().path("data").asString()).isEqualTo(big);
  }

  private static String configMap(String mode) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: " + mode + "\n";
  }

  private static int bytes(String body) {
    return body.getBytes(StandardCharsets.UTF_8).length;
  }
}
