package io.tandem.common.web;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Bad input of every kind is a 400 (or 413) problem naming what is wrong, and changes nothing. */
@TandemIT
class InputHygieneIT {

  private static final String CONFIG_MAP =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: fast
      """;

  @LocalServerPort int port;

  Api api;
  String space;
  String unit;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("hygiene");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    unit = "/api/v1/spaces/" + space + "/units/settings";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "data", CONFIG_MAP)).status())
        .isEqualTo(201);
  }

  @Test
  void yamlAliasesThatWouldExpandBeyondTheUnitDataLimitAreInvalidYaml() {
    StringBuilder yaml = new StringBuilder(CONFIG_MAP).append("  big: &big \"").append("x".repeat(20_000)).append("\"\n");
    for (int i = 0; i < 250; i++) {
      yaml.append("  copy").append(i).append(": *big\n"); // 250 copies of 20 KB: 5 MB, over the 4 MB limit
    }

    assertThat(yaml.length()).isLessThan(30_000);
    assertProblem(api.putYaml(unit + "/data", yaml.toString()), 400, "invalid-yaml", "expands through its aliases");
    assertUnchanged();
  }

  @Test
  void chunkedBodiesAreBoundedAsTheyAreReadAndEveryTextFieldHasALengthLimit() throws Exception {
    String slug = Api.uniqueSlug("huge");
    String head = "{\"slug\":\"" + slug + "\",\"displayName\":\"";
    // 10 MiB, just over the 9 MiB request limit, without a Content-Length: sent chunked
    byte[] body = (head + "a".repeat(10 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
    HttpClient http1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> chunked = http1.send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/spaces"))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
            .build(),
        HttpResponse.BodyHandlers.ofString());

    assertThat(chunked.statusCode()).as(chunked.body()).isEqualTo(413);
    assertThat(chunked.body()).contains("payload-too-large");
    assertThat(api.get("/api/v1/spaces/" + slug).status()).isEqualTo(404);

    assertProblem(api.post("/api/v1/spaces", Map.of("slug", slug, "displayName", "d".repeat(257))),
        400, "validation-failed", "Field 'displayName' is 257 characters long; at most 256");
    assertThat(api.get("/api/v1/spaces/" + slug).status()).isEqualTo(404);
    assertProblem(api.post("/api/v1/tokens", Map.of("subject", "s-" + slug, "name", "n".repeat(257))),
        400, "validation-failed", "Field 'name'");
    assertThat(api.get("/api/v1/tokens").body()).doesNotContain("s-" + slug);
    assertProblem(api.patch(unit, Map.of("changeDescription", "c".repeat(4097), "labels", Map.of("tier", "web"))),
        400, "validation-failed", "Field 'changeDescription'");
    assertProblem(api.putYaml(unit + "/data?changeDescription=" + "c".repeat(4097), CONFIG_MAP.replace("fast", "slow")),
        400, "validation-failed", "Parameter 'changeDescription'");
    assertUnchanged();
  }

  @Test
  void nulAndLoneSurrogatesAreRefusedNamingTheFieldWhereverTheyArrive() {
    String slug = Api.uniqueSlug("nul");
    assertProblem(api.post("/api/v1/spaces", "{\"slug\":\"" + slug + "\",\"displayName\":\"a\\u0000b\"}"),
        400, "validation-failed", "Field 'displayName' contains a NUL character");
    assertProblem(api.post("/api/v1/spaces", "{\"slug\":\"" + slug + "\",\"displayName\":\"a\\ud800b\"}"),
        400, "validation-failed", "Field 'displayName' contains an unpaired surrogate");
    assertThat(api.get("/api/v1/spaces/" + slug).status()).isEqualTo(404);
    assertProblem(api.patch(unit, "{\"labels\":{\"tier\":\"a\\u0000\"}}"), 400, "validation-failed", "'labels.tier'");
    assertProblem(api.putYaml(unit + "/data?changeDescription=a%00b", CONFIG_MAP.replace("fast", "slow")),
        400, "validation-failed", "Parameter 'changeDescription' contains a NUL");

    String secret =
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
        stringData:
          password: "hunter2\\0trailing"
        """;
    assertProblem(api.putYaml(unit + "/data", secret), 400, "validation-failed", "'stringData.password' contains a NUL");
    assertProblem(api.putYaml(unit + "/data", CONFIG_MAP.replace("fast", "\"\\ud800\"")),
        400, "validation-failed", "'data.mode' contains an unpaired surrogate");
    assertUnchanged();
  }

  @Test
  void numbersAreNotReadAsStringsOrBooleansNorStringsAsBooleans() {
    assertProblem(api.post("/api/v1/spaces", "{\"slug\":123}"), 400, "validation-failed", "Field 'slug' has the wrong type");
    assertThat(api.get("/api/v1/spaces/123").status()).isEqualTo(404);
    String subject = Api.uniqueSlug("coerce");
    assertProblem(api.post("/api/v1/tokens", "{\"subject\":\"" + subject + "\",\"orgAdmin\":12345}"),
        400, "validation-failed", "Field 'orgAdmin' has the wrong type");
    assertProblem(api.post("/api/v1/tokens", "{\"subject\":\"" + subject + "\",\"orgAdmin\":\"true\"}"),
        400, "validation-failed", "Field 'orgAdmin'");
    assertThat(api.get("/api/v1/tokens").body()).doesNotContain(subject);
    assertProblem(api.send("PUT", "/api/v1/spaces/" + space + "/roles/" + subject, "application/json",
        "{\"role\":\"viewer\",\"readSecrets\":12345}"), 400, "validation-failed", "Field 'readSecrets'");
    assertThat(api.get("/api/v1/spaces/" + space + "/roles").body()).doesNotContain(subject);
  }

  @Test
  void aJsonNullForDataAndADryRunOverMissingUnitsAreReportedNotAccepted() {
    assertProblem(api.send("PUT", unit + "/data", "application/json", "null"), 400, "validation-failed", "not a mapping");
    assertUnchanged();

    for (String action : List.of("refresh", "apply", "destroy")) {
      Api.Response dryRun = api.post("/api/v1/spaces/" + space + "/actions",
          Map.of("action", action, "dryRun", true, "units", List.of("settings", "missing")));

      assertThat(dryRun.status()).as(action + ": " + dryRun.body()).isEqualTo(207);
      List<JsonNode> results = new ArrayList<>();
      dryRun.json().path("results").forEach(results::add);
      assertThat(results).extracting(result -> result.path("unit").asString()).containsExactly("settings", "missing");
      assertThat(results.get(0).has("error")).isFalse();
      assertThat(results.get(1).path("error").path("code").asString()).isEqualTo("not-found");
    }
    assertThat(api.get(unit + "/actions").items()).isEmpty();
  }

  private void assertUnchanged() {
    JsonNode current = api.get(unit).json();
    assertThat(current.path("headRevisionNum").asInt()).as(current.toString()).isEqualTo(1);
    assertThat(current.path("labels").isEmpty()).isTrue();
    assertThat(api.get(unit + "/data").body()).isEqualTo(CONFIG_MAP);
  }
}
