package io.tandem.security;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** With the default outbound policy (a context of its own): non-public destinations are refused, the sandbox works. */
@TandemIT
@TestPropertySource(properties = {
    "tandem.outbound.allowed-networks=",
    "tandem.git.allowed-schemes=https,http,ssh,git",
    "tandem.data-dir=target/it-data-outbound"})
class OutboundPolicyIT {

  /** A public address written as a literal: nothing is looked up, and registration never connects to a webhook. */
  static final String PUBLIC = "93.184.216.34";

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api api;
  String space;
  HttpServer loopback;
  final AtomicInteger loopbackCalls = new AtomicInteger();

  @BeforeEach
  void setUp() throws Exception {
    api = new Api(port);
    space = Api.uniqueSlug("outbound");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    loopback = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    loopback.createContext("/", exchange -> {
      loopbackCalls.incrementAndGet();
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    loopback.start();
  }

  @AfterEach
  void stop() {
    loopback.stop(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:6443", "https://localhost", "http://169.254.169.254", "https://10.0.0.1",
      "https://172.16.5.4", "https://192.168.1.10", "https://[::1]:6443", "https://[fe80::1]", "https://[fd00::1]",
      "https://0.0.0.0", "https://[::]", "https://[::ffff:169.254.169.254]"})
  void aTargetServerOnANonPublicAddressIsRefusedAndNothingIsRegistered(String server) {
    String slug = Api.uniqueSlug("ssrf");

    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "server", server, "token", "t")), 400,
        "destination-not-allowed", "'server'");
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);
  }

  @Test
  void aKubeconfigServerOnTheMetadataAddressIsRefused() {
    String kubeconfig = api.get("/api/v1/targets/sandbox/kubeconfig").body()
        .replaceAll("server: http://[^\\n]+", "server: http://169.254.169.254");
    String slug = Api.uniqueSlug("kc");

    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig, "context", "sandbox")), 400,
        "destination-not-allowed", "'kubeconfig'");
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);
  }

  @Test
  void theSandboxsOwnLoopbackIsTheBuiltInExceptionAndCannotBePointedElsewhere() {
    JsonNode sandbox = api.post("/api/v1/targets/sandbox/check", null).json();
    assertThat(sandbox.path("reachable").asBoolean()).as(sandbox.toString()).isTrue();

    assertProblem(api.patch("/api/v1/targets/sandbox", Map.of("server", "http://192.168.0.1", "token", "t")), 400,
        "destination-not-allowed", "'server'");
    assertThat(api.get("/api/v1/targets/sandbox").json().path("server").asString()).isEqualTo(sandbox.path("server").asString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:8080/hook", "http://localhost/hook", "http://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/hook", "http://[::1]/hook", "http://[fe80::1]/hook", "http://0.0.0.0/hook"})
  void aWebhookOnANonPublicAddressIsRefused(String url) {
    assertProblem(api.post("/api/v1/spaces/" + space + "/webhooks", Map.of("url", url)), 400, "destination-not-allowed", "'url'");
    assertThat(api.get("/api/v1/spaces/" + space + "/webhooks").items()).isEmpty();
  }

  @Test
  void aWebhookIsCheckedAgainAtDeliveryTime() {
    Api.Response created = api.post("/api/v1/spaces/" + space + "/webhooks",
        Map.of("url", "http://" + PUBLIC + "/hook", "eventTypes", List.of("RevisionCreated")));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    String id = created.json().path("webhook").path("id").asString();
    // as if the name now resolved elsewhere: the stored destination becomes loopback
    jdbc.update("update webhook set url = ? where id = ?::uuid", "http://127.0.0.1:" + loopback.getAddress().getPort() + "/hook", id);

    createUnit();

    String deliveries = "/api/v1/spaces/" + space + "/webhooks/" + id + "/deliveries";
    await("the delivery refused").atMost(Duration.ofSeconds(15))
        .until(() -> api.get(deliveries).items(),
            items -> items.stream().anyMatch(d -> d.path("lastError").asString().contains("does not call")));
    assertThat(loopbackCalls.get()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:1/repo.git", "git@127.0.0.1:repo.git", "ssh://git@169.254.169.254/repo.git",
      "https://10.0.0.8/repo.git", "git://[::1]/repo.git"})
  void gitRemotesOnNonPublicAddressesAreRefusedForImportsAndMirrors(String url) {
    assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url)), 400, "destination-not-allowed", "'url'");
    assertProblem(putMirror(url), 400, "destination-not-allowed", "'url'");
    assertThat(api.get("/api/v1/spaces/" + space + "/git-mirror").status()).isEqualTo(404);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/some/folder", "relative/folder", "file:/srv/repo.git"})
  void aGitUrlWithoutASchemeIsAFolderOnTheServerAndNotAllowedHere(String url) {
    assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url)), 400, "validation-failed", "'file'");
    assertProblem(putMirror(url), 400, "validation-failed", "'file'");
    assertThat(api.get("/api/v1/spaces/" + space + "/git-mirror").status()).isEqualTo(404);
  }

  @Test
  void aControlCharacterInAGitUrlIsABadRequestNamingTheField() {
    assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", "a\u0000b")), 400, "validation-failed",
        "'url' contains a");
    assertProblem(putMirror("https://example.com/a\u0000b.git"), 400, "validation-failed", "'url' contains a");
    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).isEmpty();
  }

  @Test
  void aMirrorIsCheckedAgainBeforeEachPush() {
    assertThat(putMirror("https://" + PUBLIC + "/repo.git").status()).isEqualTo(201);
    jdbc.update("update git_mirror set url = ? where space_id = (select id from space where slug = ?)",
        "http://127.0.0.1:" + loopback.getAddress().getPort() + "/repo.git", space);

    createUnit();

    await("the push refused").atMost(Duration.ofSeconds(15))
        .until(() -> api.get("/api/v1/spaces/" + space + "/git-mirror").json().path("lastError").asString(),
            error -> error.contains("does not call"));
    assertThat(loopbackCalls.get()).isZero();
  }

  /** Where the sandbox's API server listens: the one destination only its target's connections may reach. */
  private String sandboxAddress() {
    return java.net.URI.create(api.get("/api/v1/targets/sandbox").json().path("server").asString()).getRawAuthority();
  }

  @Test
  void theSandboxsAddressIsNoExceptionForWebhooksGitOrChartSources() {
    String sandbox = sandboxAddress();

    assertProblem(api.post("/api/v1/spaces/" + space + "/webhooks", Map.of("url", "http://" + sandbox + "/api")), 400,
        "destination-not-allowed", "'url'");
    assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", "http://" + sandbox + "/repo.git")), 400,
        "destination-not-allowed", "'url'");
    assertProblem(putMirror("http://" + sandbox + "/repo.git"), 400, "destination-not-allowed", "'url'");
    assertProblem(importHelm(Map.of("repo", "http://" + sandbox + "/charts", "name", "shop")), 400,
        "destination-not-allowed", "'chart.repo'");
    assertProblem(importHelm("oci://" + sandbox + "/charts/shop:1.0.0"), 400, "destination-not-allowed", "'chart'");
    assertThat(api.get("/api/v1/spaces/" + space + "/webhooks").items()).isEmpty();
    assertThat(api.get("/api/v1/spaces/" + space + "/git-mirror").status()).isEqualTo(404);
    assertThat(api.post("/api/v1/targets/sandbox/check", null).json().path("reachable").asBoolean()).isTrue();
  }

  /** Forms of 127.0.0.1 (at the test's own loopback server) that some parsers read as another address or a name. */
  static List<String> ambiguousHosts() {
    return List.of("0177.0.0.1", "127.1", "2130706433", "0x7f.0.0.1", "0x7f000001", "127.0.0.01", "127.0.0.1.",
        "[::ffff:0177.0.0.1]", "[fe80::1%25lo]", "[::1%25lo]");
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("ambiguousHosts")
  void everyOutboundUrlRefusesNumericHostFormsAndZoneIdsAndCallsNothing(String host) {
    String authority = host + ":" + loopback.getAddress().getPort();
    String slug = Api.uniqueSlug("numeric");

    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "server", "http://" + authority, "token", "t")), 400,
        "url-not-allowed", "'server'");
    assertProblem(api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig("http://" + authority),
        "context", "sandbox")), 400, "url-not-allowed", "'kubeconfig'");
    assertProblem(api.post("/api/v1/spaces/" + space + "/webhooks", Map.of("url", "http://" + authority + "/hook")), 400,
        "url-not-allowed", "'url'");
    assertProblem(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", "http://" + authority + "/repo.git")), 400,
        "url-not-allowed", "'url'");
    assertProblem(putMirror("http://" + authority + "/repo.git"), 400, "url-not-allowed", "'url'");
    assertProblem(importHelm(Map.of("repo", "http://" + authority + "/charts", "name", "shop")), 400, "url-not-allowed",
        "'chart.repo'");
    if (!host.startsWith("[")) { // an OCI reference names a host without brackets
      assertProblem(importHelm("oci://" + authority + "/charts/shop:1.0.0"), 400, "url-not-allowed", "'chart'");
    }
    assertThat(api.get("/api/v1/targets/" + slug).status()).isEqualTo(404);
    assertThat(api.get("/api/v1/spaces/" + space + "/webhooks").items()).isEmpty();
    assertThat(api.get("/api/v1/spaces/" + space + "/git-mirror").status()).isEqualTo(404);
    assertThat(loopbackCalls.get()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://[fe80::1%25lo]:1/x", "http://[::1", "http://%zz/x", "http://a b/x", "http://[v1.x]/x",
      "http://:80/x", "http://user@/x", "http://[::1]]/x", "http://0x/x", "http://./x", "http://-a/x", "http:///x",
      "http://[]/x", "http://[:::]/x", "http://example.com:99999/x", "http://1.2.3.4:-1/x"})
  void noOutboundUrlMakesAServerError(String url) {
    String slug = Api.uniqueSlug("odd");
    List<Api.Response> answers = List.of(
        api.post("/api/v1/targets", Map.of("slug", slug, "server", url, "token", "t")),
        api.post("/api/v1/targets", Map.of("slug", slug, "kubeconfig", kubeconfig(url), "context", "sandbox")),
        api.post("/api/v1/spaces/" + space + "/webhooks", Map.of("url", url)),
        api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url)),
        putMirror(url),
        importHelm(Map.of("repo", url, "name", "shop")),
        importHelm(url.replaceFirst("^http", "oci") + ":1.0.0"));
    for (Api.Response answer : answers) {
      assertThat(answer.status()).as(url + ": " + answer).isBetween(400, 499);
    }
    assertThat(loopbackCalls.get()).isZero();
  }

  private String kubeconfig(String server) {
    return api.get("/api/v1/targets/sandbox/kubeconfig").body().replaceAll("server: http://[^\\n]+", java.util.regex.Matcher.quoteReplacement("server: \"" + server + "\""));
  }

  private Api.Response importHelm(Object chart) {
    return api.post("/api/v1/spaces/" + space + "/imports", Map.of("source", "helm", "chart", chart));
  }

  private Api.Response putMirror(String url) {
    return api.send("PUT", "/api/v1/spaces/" + space + "/git-mirror", "application/json", Api.JSON.writeValueAsString(Map.of("url", url)));
  }

  private void createUnit() {
    Api.Response unit = api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "app", "data", Fixtures.paymentService()));
    assertThat(unit.status()).as(unit.body()).isEqualTo(201);
  }
}
