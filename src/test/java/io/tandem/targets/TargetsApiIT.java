package io.tandem.targets;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@TandemIT
@ExtendWith(OutputCaptureExtension.class)
class TargetsApiIT {

  static final String SECRET_TOKEN = "s3cr3t-t0ken-that-must-never-show";

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  @Test
  void theSandboxIsARegisteredReachableTargetWithItsKubeconfig() throws Exception {
    JsonNode sandbox = api.get("/api/v1/targets/sandbox").json();
    assertThat(sandbox.path("server").asString()).startsWith("http://");
    assertThat(sandbox.path("namespace").asString()).isEqualTo("default");
    assertThat(sandbox.path("reachable").asBoolean()).isTrue();
    assertThat(sandbox.path("serverVersion").asString()).isEqualTo("v1.34.0-sandbox");
    assertThat(sandbox.path("lastCheckedAt").asString()).endsWith("Z");

    Api.Response kubeconfig = api.get("/api/v1/targets/sandbox/kubeconfig");
    assertThat(kubeconfig.status()).isEqualTo(200);
    assertThat(kubeconfig.header("Content-Type")).startsWith("application/yaml");
    assertThat(kubeconfig.body()).contains("server: " + sandbox.path("server").asString());
    assertThat(Files.readString(Path.of("target/it-data/sandbox/kubeconfig"), StandardCharsets.UTF_8)).isEqualTo(kubeconfig.body());
  }

  @Test
  void aTargetRegisteredFromAKubeconfigIsCheckedAndNeverShowsIt() {
    String kubeconfig = api.get("/api/v1/targets/sandbox/kubeconfig").body();
    String slug = Api.uniqueSlug("kc");

    Api.Response created = api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig, "context", "sandbox", "namespace", "apps"));

    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    assertThat(created.header("Location")).isEqualTo("/api/v1/targets/" + slug);
    assertThat(created.json().path("reachable").asBoolean()).isTrue();
    assertThat(created.json().path("namespace").asString()).isEqualTo("apps");
    assertThat(created.body()).doesNotContain("kubeconfig").doesNotContain("token");
    assertThat(api.get("/api/v1/targets?limit=1000").items()).extracting(t -> t.path("slug").asString()).contains(slug, "sandbox");
    assertProblem(api.get("/api/v1/targets/" + slug + "/kubeconfig"), 404, "not-found", "never returned");
  }

  @Test
  void anUnreachableTargetIsRegisteredAndSaysWhy(CapturedOutput output) {
    String slug = Api.uniqueSlug("down");

    Api.Response created = api.post("/api/v1/targets", Map.of("slug", slug, "server", "https://127.0.0.1:1", "token", SECRET_TOKEN));

    assertThat(created.status()).isEqualTo(201);
    JsonNode target = created.json();
    assertThat(target.path("reachable").asBoolean()).isFalse();
    assertThat(target.path("lastError").asString()).isNotBlank();
    assertThat(target.path("server").asString()).isEqualTo("https://127.0.0.1:1");
    assertThat(api.post("/api/v1/targets/" + slug + "/check", null).json().path("reachable").asBoolean()).isFalse();
    assertCredentialsNowhere(slug, output);
  }

  @Test
  void credentialsAreStoredOnlyEncrypted(CapturedOutput output) {
    String slug = Api.uniqueSlug("enc");
    api.post("/api/v1/targets", Map.of("slug", slug, "server", "http://127.0.0.1:1", "token", SECRET_TOKEN));

    byte[] sealed = jdbc.queryForObject("select credentials from target where slug = ?", byte[].class, slug);
    assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain(SECRET_TOKEN).doesNotContain("127.0.0.1");
    Map<String, Object> patch = new HashMap<>();
    patch.put("token", SECRET_TOKEN + "-2");
    patch.put("namespace", "team-a");
    Api.Response patched = api.patch("/api/v1/targets/" + slug, patch);
    assertThat(patched.status()).isEqualTo(200);
    assertThat(patched.json().path("namespace").asString()).isEqualTo("team-a");
    assertCredentialsNowhere(slug, output);
  }

  @Test
  void badRegistrationsAreRejected(CapturedOutput output) {
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "x1")), 400, "validation-failed", "kubeconfig");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "x2", "kubeconfig", "a", "server", "https://a", "token", "t")),
        400, "validation-failed", "either");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "x3", "server", "https://a")), 400, "validation-failed", "token");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "x4", "server", "ftp://a", "token", SECRET_TOKEN)),
        400, "validation-failed", "http");
    Api.Response badKubeconfig = api.post("/api/v1/targets", Map.of("slug", "x5", "kubeconfig", "token: " + SECRET_TOKEN + "\n: ["));
    assertProblem(badKubeconfig, 400, "validation-failed", "kubeconfig");
    assertThat(badKubeconfig.body()).doesNotContain(SECRET_TOKEN);
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "Bad Slug", "server", "https://a", "token", "t")),
        400, "validation-failed", "slug");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", "sandbox", "server", "https://a", "token", "t")),
        409, "already-exists", "sandbox");
    assertProblem(api.get("/api/v1/targets/nope"), 404, "not-found", "nope");
    assertThat(output.getAll()).doesNotContain(SECRET_TOKEN);
  }

  @Test
  void aDirectTargetIsMovedToAWorkerAndGivenAStandbyByPatchesAndBadOnesChangeNothing() {
    String kubeconfig = api.get("/api/v1/targets/sandbox/kubeconfig").body();
    String slug = Api.uniqueSlug("moved");
    String worker = Api.uniqueSlug("w");
    api.post("/api/v1/workers", Map.of("name", worker));
    api.post("/api/v1/workers", Map.of("name", worker + "-b"));
    assertThat(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig, "context", "sandbox"))
        .status()).isEqualTo(201);
    String target = "/api/v1/targets/" + slug;

    Api.Response moved = api.patch(target, Map.of("connection", Map.of("worker", worker)));
    assertThat(moved.status()).as(moved.body()).isEqualTo(200);
    assertThat(moved.json().path("server").asString()).isEqualTo("worker://" + worker);
    assertThat(api.patch(target, Map.of("connection", Map.of("standbys", List.of(worker + "-b")))).json()
        .path("server").asString()).isEqualTo("worker://" + worker + "," + worker + "-b");

    assertProblem(api.patch(target, Map.of("connection", Map.of("standbys", List.of(worker)))), 400,
        "validation-failed", "not the worker itself");
    assertProblem(api.patch(target, Map.of("connection", Map.of("standbys", List.of("unregistered")))), 400,
        "validation-failed", "'unregistered' is not registered");
    assertProblem(api.patch(target, Map.of("connection", Map.of("worker", worker), "token", "t")), 400,
        "validation-failed", "not both");
    assertProblem(api.patch(target, Map.of("connection", Map.of("name", worker))), 400, "validation-failed",
        "In 'connection'");
    assertThat(api.get(target).json().path("server").asString()).isEqualTo("worker://" + worker + "," + worker + "-b");
  }

  @Test
  void aTargetInUseCannotBeDeleted() {
    String slug = Api.uniqueSlug("used");
    api.post("/api/v1/targets", Map.of("slug", slug, "server", "http://127.0.0.1:1", "token", "t"));
    String space = Api.uniqueSlug("targets");
    api.post("/api/v1/spaces", Map.of("slug", space));
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "web", "data", Fixtures.paymentService(), "target", slug));

    assertProblem(api.delete("/api/v1/targets/" + slug), 409, "conflict", "1 unit");

    api.patch("/api/v1/spaces/" + space + "/units/web", new HashMap<>(Map.of("labels", Map.of()))).status();
    Map<String, Object> clear = new HashMap<>();
    clear.put("target", null);
    api.patch("/api/v1/spaces/" + space + "/units/web", clear);
    assertThat(api.delete("/api/v1/targets/" + slug).status()).isEqualTo(204);
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);
  }

  static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void aMalformedCaIsRefusedAtRegistrationNamingTheFieldAndChangesNothing() {
    String slug = Api.uniqueSlug("ca");
    Map<String, Object> target = new HashMap<>(Map.of("slug", slug, "server", "https://127.0.0.1:1", "token", SECRET_TOKEN));

    target.put("caData", "not base64!");
    assertProblem(api.post("/api/v1/targets", target), 400, "validation-failed", "caData");
    target.put("caData", base64("hello, not a certificate"));
    assertProblem(api.post("/api/v1/targets", target), 400, "validation-failed", "caData");
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);

    target.put("caData", base64(Fixtures.read("tls/ca.crt")));
    assertThat(api.post("/api/v1/targets", target).status()).isEqualTo(201);
    byte[] sealed = jdbc.queryForObject("select credentials from target where slug = ?", byte[].class, slug);
    Api.Response patched = api.patch("/api/v1/targets/" + slug, Map.of("caData", base64("-----BEGIN CERTIFICATE-----\nAAAA\n"),
        "namespace", "elsewhere"));
    assertProblem(patched, 400, "validation-failed", "caData");
    assertThat(jdbc.queryForObject("select credentials from target where slug = ?", byte[].class, slug)).isEqualTo(sealed);
    assertThat(api.get("/api/v1/targets/" + slug).body()).doesNotContain("elsewhere");
  }

  @Test
  void aKubeconfigWhoseCertificateOrKeyDataIsMalformedIsRefusedNamingIt() {
    String ca = base64(Fixtures.read("tls/ca.crt"));
    String kubeconfig = """
        apiVersion: v1
        kind: Config
        clusters:
        - name: c
          cluster:
            server: https://127.0.0.1:1
            certificate-authority-data: %s
        users:
        - name: u
          user:
            client-certificate-data: %s
            client-key-data: %s
        contexts:
        - name: c
          context: {cluster: c, user: u}
        current-context: c
        """;
    String key = base64("-----BEGIN PRIVATE KEY-----\nMAA=\n-----END PRIVATE KEY-----\n");
    String slug = Api.uniqueSlug("kc-ca");

    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig.formatted("bm90IGEgY2VydA==", ca, key))),
        400, "validation-failed", "certificate-authority-data");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig.formatted(ca, "not!base64", key))),
        400, "validation-failed", "client-certificate-data");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig.formatted(ca, ca, ca))),
        400, "validation-failed", "client-key-data");
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);
    assertThat(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig.formatted(ca, ca, key))).status())
        .isEqualTo(201);
  }

  private void assertCredentialsNowhere(String slug, CapturedOutput output) {
    for (String path : List.of("/api/v1/targets/" + slug, "/api/v1/targets?limit=1000")) {
      assertThat(api.get(path).body()).doesNotContain(SECRET_TOKEN);
    }
    assertThat(output.getAll()).doesNotContain(SECRET_TOKEN);
  }
}
