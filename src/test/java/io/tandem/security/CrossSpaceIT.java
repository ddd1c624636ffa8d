package io.tandem.security;

import static io.tandem.security.Callers.auth;
import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * References from one space into another (upstreams, clone destinations, links, upgrades, selections) need the
 * matching role in the other space, and a copy carries only what the caller may read of its source.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + CrossSpaceIT.ADMIN,
    "tandem.data-dir=target/it-data-cross-space"})
class CrossSpaceIT {

  static final String ADMIN = "tdm_crossspaceit_0nlyForTestsCrossSpaceAdminTokenLongEnough00";
  static final String DB = """
      apiVersion: v1
      kind: Secret
      metadata:
        name: db
      data:
        password: c2VjcmV0
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: fast
      """;

  @LocalServerPort int port;
  Api api;
  Callers callers;
  String home;
  String victim;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    callers = new Callers(api, ADMIN);
    home = Api.uniqueSlug("home");
    victim = Api.uniqueSlug("victim");
    for (String space : List.of(home, victim)) {
      assertThat(api.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
    }
    createUnit(victim, Map.of("slug", "db", "data", DB));
    createUnit(victim, Map.of("slug", "ns", "data", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: payments\n"));
    createUnit(home, Map.of("slug", "app", "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n"));
  }

  @Test
  void referencesIntoASpaceWhereTheCallerHasNoRoleAreForbiddenAndChangeNothing() {
    String mallory = callers.issue("mallory-" + home);
    callers.grant(home, "mallory-" + home, "admin", true);
    String units = "/api/v1/spaces/" + home + "/units";
    createUnit(home, Map.of("slug", "db-copy", "upstream", Map.of("space", victim, "unit", "db")));
    api.post(units + "/app/links", Map.of("to", "ns", "toSpace", victim), auth(ADMIN));
    api.patch("/api/v1/spaces/" + victim + "/units/db", Map.of("data", DB.replace("fast", "slow")), auth(ADMIN));

    Map<String, Api.Response> refused = new LinkedHashMap<>();
    refused.put("upstream", api.post(units, Map.of("slug", "stolen", "upstream", Map.of("space", victim, "unit", "db")), auth(mallory)));
    refused.put("clone", api.post("/api/v1/spaces/" + home + "/clones",
        Map.of("units", List.of("app"), "toSpaces", List.of(victim)), auth(mallory)));
    refused.put("link", api.post(units + "/app/links", Map.of("to", "db", "toSpace", victim), auth(mallory)));
    refused.put("unlink", api.delete(units + "/app/links/ns?toSpace=" + victim, auth(mallory)));
    refused.put("upgrade", api.post(units + "/db-copy/upgrade", null, auth(mallory)));
    refused.put("upgrades", api.post("/api/v1/spaces/" + home + "/upgrades", Map.of("units", List.of("db-copy")), auth(mallory)));

    assertThat(refused).allSatisfy((route, response) -> assertThat(response.status()).as(route + ": " + response.body()).isEqualTo(403));
    refused.values().forEach(response -> assertProblem(response, 403, "forbidden", "in space '" + victim + "'"));
    assertThat(api.get(units + "/stolen", auth(ADMIN)).status()).isEqualTo(404);
    assertThat(api.get("/api/v1/spaces/" + victim + "/units/app", auth(ADMIN)).status()).isEqualTo(404);
    assertThat(api.get(units + "/app/links", auth(ADMIN)).json().path("items").size()).isEqualTo(1);
    assertThat(api.get(units + "/db-copy", auth(ADMIN)).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void selectionsOfASpaceNeverReachIntoAnother() {
    String mallory = callers.issue("mallory-" + home);
    callers.grant(home, "mallory-" + home, "admin", true);
    String other = "Space.Slug = '" + victim + "'";

    Api.Response actions = api.post("/api/v1/spaces/" + home + "/actions",
        Map.of("action", "refresh", "where", other, "dryRun", true), auth(mallory));
    Api.Response functions = api.post("/api/v1/spaces/" + home + "/functions/invoke",
        Map.of("where", other, "functions", List.of(Map.of("name", "set-label", "args", List.of("owner", "mallory")))), auth(mallory));
    Api.Response changeSet = api.post("/api/v1/spaces/" + home + "/change-sets", Map.of("slug", "grab", "units", List.of("db")),
        auth(mallory));

    assertThat(actions.json().path("results").size()).as(actions.body()).isZero();
    assertThat(functions.json().path("results").size()).as(functions.body()).isZero();
    assertProblem(changeSet, 404, "not-found", "db");
    assertThat(api.get("/api/v1/spaces/" + victim + "/units/db", auth(ADMIN)).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void aCopyCarriesSecretValuesOnlyWhenTheCallerMayReadThemInItsSource() {
    String eve = callers.issue("eve-" + home);
    callers.grant(victim, "eve-" + home, "viewer", false);
    callers.grant(home, "eve-" + home, "editor", true);

    Api.Response cloned = api.post("/api/v1/spaces/" + home + "/units",
        Map.of("slug", "db", "upstream", Map.of("space", victim, "unit", "db")), auth(eve));

    assertThat(cloned.status()).as(cloned.body()).isEqualTo(201);
    String copy = api.get("/api/v1/spaces/" + home + "/units/db/data", auth(eve)).body();
    assertThat(copy).doesNotContain("c2VjcmV0").contains("password: '***'").contains("mode: fast");
  }

  @Test
  void anUpgradeByACallerWhoMayNotReadTheUpstreamsSecretsKeepsTheClonesOwnValues() {
    String eve = callers.issue("eve-" + home);
    callers.grant(victim, "eve-" + home, "viewer", false);
    callers.grant(home, "eve-" + home, "editor", true);
    createUnit(home, Map.of("slug", "db", "upstream", Map.of("space", victim, "unit", "db")));
    api.patch("/api/v1/spaces/" + victim + "/units/db",
        Map.of("data", DB.replace("c2VjcmV0", "bmV3").replace("fast", "slow")), auth(ADMIN));

    Api.Response upgraded = api.post("/api/v1/spaces/" + home + "/units/db/upgrade", null, auth(eve));

    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    String data = api.get("/api/v1/spaces/" + home + "/units/db/data", auth(ADMIN)).body();
    assertThat(data).contains("mode: slow").contains("c2VjcmV0").doesNotContain("bmV3").doesNotContain("***");
  }

  private void createUnit(String space, Map<String, ?> body) {
    Api.Response created = api.post("/api/v1/spaces/" + space + "/units", body, auth(ADMIN));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
  }
}
