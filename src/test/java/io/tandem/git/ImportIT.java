package io.tandem.git;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Units imported from a real repository of manifests, with nested folders, other files and a broken one. */
@TandemIT
class ImportIT {

  static final String DEPLOYMENT = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 2  # two for now
        template:
          spec:
            containers:
              - name: web
                image: nginx:1.27
      """;
  static final String SERVICE = """
      apiVersion: v1
      kind: Service
      metadata:
        name: web
      spec:
        ports:
          - port: 80
      """;

  @LocalServerPort int port;
  Api api;
  String space;
  String url;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("imported");
    api.post("/api/v1/spaces", Map.of("slug", space));
    Map<String, String> files = new LinkedHashMap<>();
    files.put("apps/web/deployment.yaml", DEPLOYMENT);
    files.put("apps/web/service.yml", SERVICE);
    files.put("apps/payments/all.yaml", Fixtures.paymentService());
    files.put("apps/web/values.yaml", "replicas: 3\nimage: nginx\n");
    files.put("apps/kustomization.yaml", "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [web]\n");
    files.put("apps/broken/bad.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bad\n");
    files.put("README.md", "# Manifests\n");
    url = GitRepos.withFiles("manifests", files);
  }

  JsonNode importing(Map<String, Object> body) {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports", body);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  static Map<String, JsonNode> byPath(JsonNode report) {
    Map<String, JsonNode> files = new HashMap<>();
    report.path("files").forEach(file -> files.put(file.path("path").asString(), file));
    return files;
  }

  @Test
  void oneUnitPerFileWithEveryOtherFileReportedAndWhy() {
    JsonNode report = importing(Map.of("url", url));

    Map<String, JsonNode> files = byPath(report);
    assertThat(files.get("apps/web/deployment.yaml").path("unit").asString()).isEqualTo("apps-web-deployment");
    assertThat(files.get("apps/web/deployment.yaml").path("outcome").asString()).isEqualTo("Created");
    assertThat(files.get("apps/web/service.yml").path("unit").asString()).isEqualTo("apps-web-service");
    assertThat(files.get("apps/payments/all.yaml").path("outcome").asString()).isEqualTo("Created");
    assertThat(files.get("README.md").path("outcome").asString()).isEqualTo("Skipped");
    assertThat(files.get("README.md").path("reason").asString()).contains("Not a YAML file");
    assertThat(files.get("apps/web/values.yaml").path("reason").asString()).contains("no Kubernetes object");
    assertThat(files.get("apps/kustomization.yaml").path("reason").asString()).contains("Kustomize");
    assertThat(files.get("apps/broken/bad.yaml").path("outcome").asString()).isEqualTo("Failed");
    assertThat(files.get("apps/broken/bad.yaml").path("reason").asString()).contains("Not valid YAML");
    assertThat(report.path("summary").path("created").asInt()).isEqualTo(3);
    assertThat(report.path("summary").path("failed").asInt()).isEqualTo(1);
    assertThat(report.path("commit").asString()).isEqualTo(GitRepos.log(url, "main").get(0).name());

    String unit = "/api/v1/spaces/" + space + "/units/apps-web-deployment";
    assertThat(api.get(unit + "/data").body()).isEqualTo(DEPLOYMENT); // as written, comment and all
    assertThat(api.get(unit + "/revisions/1").json().path("source").asString()).isEqualTo("Import");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/apps-broken-bad").status()).isEqualTo(404);
  }

  @Test
  void aPathThatNamesAFileImportsThatFileAlone() {
    JsonNode report = importing(Map.of("url", url, "path", "apps/web/deployment.yaml", "watch", true));
    assertThat(report.path("files")).hasSize(1);
    assertThat(report.path("files").get(0).path("path").asString()).isEqualTo("deployment.yaml");
    assertThat(report.path("files").get(0).path("unit").asString()).isEqualTo("deployment");
    String unit = "/api/v1/spaces/" + space + "/units/deployment";
    assertThat(api.get(unit + "/data").body()).isEqualTo(DEPLOYMENT);
    assertThat(api.get(unit + "/origin").json().path("path").asString()).isEqualTo("apps/web/deployment.yaml");
  }

  @Test
  void importingAgainUpdatesWhatChangedAndLeavesTheRest() {
    importing(Map.of("url", url));
    GitRepos.commit(url, "main", Map.of("apps/web/deployment.yaml", DEPLOYMENT.replace("nginx:1.27", "nginx:1.28")), "Bump", "alice");

    JsonNode report = importing(Map.of("url", url, "ref", "main"));

    Map<String, JsonNode> files = byPath(report);
    assertThat(files.get("apps/web/deployment.yaml").path("outcome").asString()).isEqualTo("Updated");
    assertThat(files.get("apps/web/deployment.yaml").path("revisionNum").asInt()).isEqualTo(2);
    assertThat(files.get("apps/web/service.yml").path("outcome").asString()).isEqualTo("Unchanged");
    String unit = "/api/v1/spaces/" + space + "/units/apps-web-deployment";
    assertThat(api.get(unit + "/revisions/2").json().path("source").asString()).isEqualTo("Import");
    assertThat(api.get(unit + "/data").body()).contains("nginx:1.28");
  }

  @Test
  void oneUnitPerDirectoryUnderAPathAtATag() throws Exception {
    try (var git = org.eclipse.jgit.api.Git.open(java.nio.file.Path.of(java.net.URI.create(url)).toFile())) {
      git.tag().setName("v1").setObjectId(git.getRepository().parseCommit(git.getRepository().resolve("main"))).call();
    }
    JsonNode report = importing(Map.of("url", url, "ref", "v1", "path", "apps", "layout", "directory", "target", "sandbox"));

    Map<String, JsonNode> files = byPath(report);
    assertThat(files.get("web/deployment.yaml").path("unit").asString()).isEqualTo("web");
    assertThat(files.get("web/service.yml").path("unit").asString()).isEqualTo("web");
    assertThat(files.get("payments/all.yaml").path("unit").asString()).isEqualTo("payments");
    assertThat(files).doesNotContainKey("README.md");
    JsonNode web = api.get("/api/v1/spaces/" + space + "/units/web?includeData=true").json();
    assertThat(web.path("target").asString()).isEqualTo("sandbox");
    String data = api.get("/api/v1/spaces/" + space + "/units/web/data").body();
    assertThat(data).contains("kind: Deployment", "kind: Service", "---");
  }

  @Test
  void badRequestsAreRefusedAndChangeNothing() {
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "ref", "no-such-branch")),
        400, "validation-failed", "no-such-branch");
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "path", "nowhere")),
        400, "validation-failed", "nowhere");
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "layout", "flat")),
        400, "validation-failed", "layout");
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("url", GitRepos.url(GitRepos.path("missing")))), 502, "git-remote-failed", "Cannot read the repository");

    assertThat(api.get("/api/v1/spaces/" + space + "/units").json().path("items").size()).isZero();
  }

  @Test
  void aSubmoduleAndASymbolicLinkAreSkippedSayingWhyAndTheRestIsImported() {
    String repo = GitRepos.withTree("entries", Map.of(
        "apps/web/deployment.yaml", Map.entry(org.eclipse.jgit.lib.FileMode.REGULAR_FILE, DEPLOYMENT),
        "apps/vendored", Map.entry(org.eclipse.jgit.lib.FileMode.GITLINK, "0123456789abcdef0123456789abcdef01234567"),
        "apps/passwd.yaml", Map.entry(org.eclipse.jgit.lib.FileMode.SYMLINK, "../../../../../../etc/passwd")));

    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", repo, "path", "apps"));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    Map<String, JsonNode> files = new HashMap<>();
    response.json().path("files").forEach(file -> files.put(file.path("path").asString(), file));
    assertThat(files.get("vendored").path("outcome").asString()).isEqualTo("Skipped");
    assertThat(files.get("vendored").path("reason").asString()).contains("submodule");
    assertThat(files.get("passwd.yaml").path("outcome").asString()).isEqualTo("Skipped");
    assertThat(files.get("passwd.yaml").path("reason").asString()).contains("symbolic link");
    assertThat(files.get("web/deployment.yaml").path("outcome").asString()).isEqualTo("Created");
    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).hasSize(1);
  }

  /** A few kilobytes of pack that expand to more than tandem.git.import-max-size (32 MB) are refused unread. */
  @Test
  void filesThatExpandBeyondTheImportLimitAreRefusedAndNothingIsImported() {
    String zeros = "0".repeat(17 * 1024 * 1024);
    String repo = GitRepos.withTree("bomb", Map.of(
        "a.yaml", Map.entry(org.eclipse.jgit.lib.FileMode.REGULAR_FILE, zeros),
        "b.yaml", Map.entry(org.eclipse.jgit.lib.FileMode.REGULAR_FILE, zeros + "1"),
        "web.yaml", Map.entry(org.eclipse.jgit.lib.FileMode.REGULAR_FILE, DEPLOYMENT)));

    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", repo)), 400,
        "validation-failed", "tandem.git.import-max-size");
    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).isEmpty();
  }
}
