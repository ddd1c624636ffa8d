package io.tandem.security;

import static io.tandem.security.Callers.auth;
import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Without readSecrets, Secret values can be neither queried nor seen by functions, and writing back masked data
 * keeps the stored values. (The same context as {@link CrossSpaceIT}.)
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + CrossSpaceIT.ADMIN,
    "tandem.data-dir=target/it-data-cross-space"})
class SecretOraclesIT {

  static final String ADMIN = CrossSpaceIT.ADMIN;

  @LocalServerPort int port;
  Api api;
  Callers callers;
  String space;
  String units;
  String editor;
  String trusted;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    callers = new Callers(api, ADMIN);
    space = Api.uniqueSlug("oracles");
    units = "/api/v1/spaces/" + space + "/units";
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
    Api.Response created = api.post(units, Map.of("slug", "db", "data", CrossSpaceIT.DB), auth(ADMIN));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    editor = callers.issue("editor-" + space);
    callers.grant(space, "editor-" + space, "editor", false);
    trusted = callers.issue("trusted-" + space);
    callers.grant(space, "trusted-" + space, "viewer", true);
  }

  @Test
  void whereDataOnSecretValuesIsRefusedToThoseWhoMayNotReadThem() {
    String query = units + "?resourceType=v1/Secret&whereData=" + encode("data.password = 'c2VjcmV0'");

    assertProblem(api.get(query, auth(editor)), 403, "forbidden", "readSecrets");
    assertProblem(api.get(units + "?whereData=" + encode("stringData.user LIKE 'a%'"), auth(editor)), 403, "forbidden", "readSecrets");
    assertProblem(api.post(units.replace("/units", "/functions/invoke"), Map.of("resourceType", "v1/Secret",
        "whereData", "data.password = 'c2VjcmV0'", "functions", List.of(Map.of("name", "get-replicas"))), auth(editor)),
        403, "forbidden", "readSecrets");
    assertThat(api.get(query, auth(trusted)).json().path("items").size()).isEqualTo(1);
    assertThat(api.get(units + "?resourceType=v1/ConfigMap&whereData=" + encode("data.mode = 'fast'"), auth(editor))
        .json().path("items").size()).isEqualTo(1);
  }

  @Test
  void functionsSeeMaskedSecretValuesSoThatDryRunsAreNoOracle() {
    Api.Response right = dryRun("vet-celexpr", "r.kind != 'Secret' || r.data.password == 'c2VjcmV0'");
    Api.Response wrong = dryRun("vet-celexpr", "r.kind != 'Secret' || r.data.password == 'd3Jvbmc='");
    Api.Response replaced = dryRun("search-replace", "c2VjcmV0", "found");

    assertThat(right.status()).as(right.body()).isEqualTo(200);
    assertThat(right.json().path("results").get(0).path("validation").path("passed").asBoolean())
        .isEqualTo(wrong.json().path("results").get(0).path("validation").path("passed").asBoolean());
    assertThat(replaced.json().path("results").get(0).path("mutated").asBoolean()).as(replaced.body()).isFalse();
    assertThat(replaced.body()).doesNotContain("found").doesNotContain("c2VjcmV0");
  }

  @Test
  void aFunctionRunByACallerWhoMayNotReadSecretsKeepsTheirValues() {
    Api.Response run = api.post(units.replace("/units", "/functions/invoke"), Map.of("units", List.of("db"),
        "functions", List.of(Map.of("name", "search-replace", "args", List.of("fast", "slow")))), auth(editor));

    assertThat(run.json().path("results").get(0).path("mutated").asBoolean()).as(run.body()).isTrue();
    assertThat(api.get(units + "/db/data", auth(ADMIN)).body()).contains("password: c2VjcmV0").contains("mode: slow");
  }

  @Test
  void maskedDataWrittenBackKeepsTheStoredSecretValues() {
    String masked = api.get(units + "/db/data", auth(editor)).body();
    assertThat(masked).contains("password: '***'");

    Api.Response put = api.putYaml(units + "/db/data", masked.replace("fast", "slow"), auth(editor));
    Api.Response patched = api.patch(units + "/db", Map.of("data", masked.replace("fast", "slower")), auth(editor));

    assertThat(put.status()).as(put.body()).isEqualTo(200);
    assertThat(patched.status()).as(patched.body()).isEqualTo(200);
    String stored = api.get(units + "/db/data", auth(ADMIN)).body();
    assertThat(stored).contains("c2VjcmV0").contains("mode: slower").doesNotContain("***");
  }

  @Test
  void maskedDataWrittenBackUnchangedMakesNoRevision() {
    String masked = api.get(units + "/db/data", auth(editor)).body();

    Api.Response put = api.putYaml(units + "/db/data", masked, auth(editor));

    assertThat(put.json().path("headRevisionNum").asInt()).as(put.body()).isEqualTo(1);
  }

  @Test
  void triggersSeeMaskedSecretValuesSoThatTheirGatesAreNoOracle() {
    for (String[] trigger : List.of(new String[] {"right", "r.kind != 'Secret' || r.data.password == 'c2VjcmV0'"},
        new String[] {"wrong", "r.kind != 'Secret' || r.data.password == 'd3Jvbmc='"})) {
      Api.Response created = api.post("/api/v1/spaces/" + space + "/triggers",
          Map.of("slug", trigger[0], "function", "vet-celexpr", "args", List.of(trigger[1])), auth(ADMIN));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
    }
    assertThat(api.putYaml(units + "/db/data", CrossSpaceIT.DB + "# again\n", auth(ADMIN)).status()).isEqualTo(200);

    List<String> gated = new java.util.ArrayList<>();
    api.get(units + "/db", auth(editor)).json().path("applyGates").forEach(gate -> gated.add(gate.path("trigger").asString()));
    assertThat(gated).as("the trigger with the right value fails as the one with the wrong value").containsExactlyInAnyOrder(
        "right", "wrong");
  }

  @Test
  void aSecretWhoseKindIsSpelledWithAnEscapeIsMaskedForAViewer() {
    String escaped = CrossSpaceIT.DB.replace("kind: Secret", "kind: \"Secr\\x65t\"");
    assertThat(api.putYaml(units + "/db/data", escaped, auth(ADMIN)).status()).isEqualTo(200);
    String viewer = callers.issue("viewer-" + space);
    callers.grant(space, "viewer-" + space, "viewer", false);

    assertThat(api.get(units + "/db", auth(viewer)).body()).doesNotContain("c2VjcmV0");
    assertThat(api.get(units + "/db/revisions/head", auth(viewer)).body()).doesNotContain("c2VjcmV0");
    assertThat(api.get(units + "/db/diff?from=1", auth(viewer)).body()).doesNotContain("c2VjcmV0");
    assertThat(api.get(units + "/db", auth(trusted)).body()).contains("c2VjcmV0");
  }

  private Api.Response dryRun(String function, String... args) {
    return api.post(units.replace("/units", "/functions/invoke"), Map.of("units", List.of("db"), "dryRun", true,
        "functions", List.of(Map.of("name", function, "args", List.of(args)))), auth(editor));
  }

  private static String encode(String text) {
    return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }
}
