package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Units kept in step with the files of a real repository they were imported from: a new commit there becomes a
 * revision (source Git, by the commit's author) with the file's comments; it merges with a change made in Tandem on
 * another path; one to the same path is a conflict recorded on the origin with both values, the unit unchanged, until
 * a strategy settles it.
 */
@TandemIT
class GitOriginIT {

  static final String PAYMENTS = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: payments
      spec:
        replicas: 1 # raised by hand during incidents
        template:
          spec:
            containers:
              - name: server
                image: payments:1.0
                resources:
                  limits:
                    memory: 128Mi
      """;

  @LocalServerPort int port;
  Api api;
  String space;
  String url;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("origins");
    api.post("/api/v1/spaces", Map.of("slug", space));
    url = GitRepos.withFiles("origins", Map.of("apps/payments.yaml", PAYMENTS,
        "apps/web/service.yaml", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n"));
    units = "/api/v1/spaces/" + space + "/units";
  }

  @Test
  void aNewCommitMergesWithTheUnitsOwnChangeAndAConflictWaitsForAStrategy() {
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("url", url, "ref", "main", "path", "apps", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    JsonNode origin = api.get(units + "/payments/origin").json();
    assertThat(origin.path("path").asString()).isEqualTo("apps/payments.yaml");
    assertThat(origin.path("ref").asString()).isEqualTo("main");
    assertThat(origin.path("syncedCommit").asString()).isEqualTo(imported.json().path("commit").asString());
    assertThat(sync("payments", "merge").path("outcome").asString()).isEqualTo("Unchanged");

    GitRepos.commit(url, "main", Map.of("apps/payments.yaml", PAYMENTS.replace("payments:1.0", "payments:1.1")),
        "Payments 1.1", "bob");
    JsonNode updated = sync("payments", "merge");
    assertThat(updated.path("outcome").asString()).as(updated.toString()).isEqualTo("Updated");
    JsonNode revision = api.get(units + "/payments/revisions/2").json();
    assertThat(revision.path("source").asString()).isEqualTo("Git");
    assertThat(revision.path("author").asString()).isEqualTo("bob <bob@example.com>");
    assertThat(revision.path("description").asString()).contains("Payments 1.1", url);
    assertThat(data("payments")).isEqualTo(PAYMENTS.replace("payments:1.0", "payments:1.1"));

    // the unit's own change and the repository's, on other paths: both kept, the unit's comment too
    put("payments", data("payments").replace("replicas: 1", "replicas: 3"));
    GitRepos.commit(url, "main", Map.of("apps/payments.yaml", PAYMENTS.replace("payments:1.0", "payments:1.1")
        .replace("memory: 128Mi", "memory: 256Mi")), "More memory", "bob");
    assertThat(sync("payments", "merge").path("outcome").asString()).isEqualTo("Updated");
    assertThat(data("payments")).contains("replicas: 3 # raised by hand during incidents", "memory: 256Mi",
        "payments:1.1");

    // both change the image: recorded, the unit unchanged, until a strategy decides
    put("payments", data("payments").replace("payments:1.1", "payments:1.1-hotfix"));
    int head = api.get(units + "/payments").json().path("headRevisionNum").asInt();
    GitRepos.commit(url, "main", Map.of("apps/payments.yaml", PAYMENTS.replace("payments:1.0", "payments:1.2")
        .replace("memory: 128Mi", "memory: 256Mi")), "Payments 1.2", "carol");
    JsonNode conflict = sync("payments", "merge");
    assertThat(conflict.path("outcome").asString()).isEqualTo("Conflict");
    assertThat(conflict.path("headRevisionNum").asInt()).isEqualTo(head);
    JsonNode recorded = api.get(units + "/payments/origin").json().path("conflict");
    assertThat(recorded.path("author").asString()).startsWith("carol");
    assertThat(recorded.path("paths").get(0).path("path").asString()).contains("image");
    assertThat(recorded.path("paths").get(0).path("upstream").asString()).isEqualTo("payments:1.2");
    assertThat(recorded.path("paths").get(0).path("downstream").asString()).isEqualTo("payments:1.1-hotfix");
    assertThat(sync("payments", "merge").path("outcome").asString()).as("met again").isEqualTo("Conflict");
    assertThat(data("payments")).contains("payments:1.1-hotfix");

    JsonNode settled = sync("payments", "upstreamWins");
    assertThat(settled.path("outcome").asString()).isEqualTo("Updated");
    assertThat(settled.path("origin").path("conflict").isNull()).isTrue();
    assertThat(data("payments")).contains("payments:1.2", "replicas: 3");
  }

  @Test
  void aFolderIsKeptInStepAsOneUnitAndAnOriginCanBeSetDroppedAndRefused() {
    api.post(units, Map.of("slug", "web", "data", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n"));
    Api.Response missing = api.send("PUT", units + "/web/origin", "application/json",
        Api.JSON.writeValueAsString(Map.of("url", url, "path", "apps/nothing.yaml")));
    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.code()).isEqualTo("validation-failed");
    assertThat(api.get(units + "/web/origin").status()).isEqualTo(404);

    Api.Response set = api.send("PUT", units + "/web/origin", "application/json",
        Api.JSON.writeValueAsString(Map.of("url", url, "path", "apps/web", "layout", "directory")));
    assertThat(set.status()).as(set.body()).isEqualTo(200);
    assertThat(set.json().path("ref").asString()).isEqualTo("HEAD");
    assertThat(set.json().path("credentials").asString()).isEqualTo("none");
    GitRepos.commit(url, "main", Map.of("apps/web/deployment.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n"), "Web deployment", "dave");
    assertThat(sync("web", "merge").path("outcome").asString()).isEqualTo("Updated");
    assertThat(data("web")).contains("kind: Deployment", "kind: Service");

    Api.Response badStrategy = api.post(units + "/web/origin/sync?strategy=theirs", null);
    assertThat(badStrategy.status()).isEqualTo(400);
    assertThat(api.delete(units + "/web/origin").status()).isEqualTo(204);
    assertThat(api.post(units + "/web/origin/sync", null).status()).isEqualTo(404);
    assertThat(data("web")).contains("kind: Deployment");
  }

  private JsonNode sync(String unit, String strategy) {
    Api.Response response = api.post(units + "/" + unit + "/origin/sync?strategy=" + strategy, null);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  private String data(String unit) {
    return api.get(units + "/" + unit + "/data").body();
  }

  private void put(String unit, String data) {
    assertThat(api.send("PUT", units + "/" + unit + "/data", "application/yaml", data).status()).isEqualTo(200);
  }
}
