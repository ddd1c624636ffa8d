package io.tandem.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.security.domain.TokenService;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import org.yaml.snakeyaml.Yaml;

/** With anonymous access off (a context of its own): tokens, roles per space, 401/403, the audit log. */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + SecurityIT.ADMIN,
    "tandem.data-dir=target/it-data-security",
    "tandem.security.expensive-calls-per-minute=5",
    "tandem.events.recheck=200ms"})
class SecurityIT {

  static final String ADMIN = "tdm_bootstrapit_3nT3stOnlyAdminTokenThatIsLongEnough0000000";

  /** The least each operation needs: every route of the document must be here, so a new route needs a rule. */
  static final Map<String, String> NEEDS = new LinkedHashMap<>();

  static {
    for (String id : List.of("runActions", "createTarget", "deleteTarget", "patchTarget", "checkTarget", "getSandboxKubeconfig",
        "createToken", "listTokens", "revokeToken", "listAudit", "listReplicas", "listTargetGrants", "putTargetGrant",
        "deleteTargetGrant", "createSpace", "createWorker", "listWorkers", "getWorker", "deleteWorker", "putHealthRule", "deleteHealthRule")) {
      NEEDS.put(id, "orgAdmin");
    }
    for (String id : List.of("pollWorkerCalls", "answerWorkerCall", "listWorkerWatches", "reportWorkerChanges")) {
      NEEDS.put(id, "theWorkerItself"); // with the worker's own credential, which no caller of the ladder holds
    }
    NEEDS.put("pushToOrigins", "signedByTheGitHost"); // a signature over the body, which no token stands in for
    for (String id : List.of("getAction", "streamEvents", "listFunctions", "listSpaces", "listTargets", "getTarget", "whoAmI",
        "listHealthRules")) {
      NEEDS.put(id, "authenticated");
    }
    for (String id : List.of("getSpace", "listChangeSets", "getChangeSet", "listChangeSetRevisions", "getGitMirror", "getSpaceSummary",
        "listTags", "getTag", "listTriggers", "getTrigger", "listUnits", "getUnit", "listUnitActions", "getUnitData", "diffUnit",
        "listLinks", "getUnitLive", "listRevisions", "getRevision", "listWebhooks", "getWebhook", "listWebhookDeliveries", "listRoles",
        "getUnitOrigin", "proposeBackport", "listSpaceHealthRules", "listSyncWindows", "getUnitSyncWindow")) {
      NEEDS.put(id, "viewer");
    }
    for (String id : List.of("createChangeSet", "deleteChangeSet", "closeChangeSet", "addChangeSetUnits", "removeChangeSetUnit",
        "cloneUnits", "invokeFunctions", "importUnits", "createTag", "deleteTag", "restoreTag", "createUnit", "deleteUnit", "patchUnit",
        "approveUnit", "putUnitData", "createLink", "deleteLink", "upgradeUnit", "upgradeUnits", "suspendUnit", "resumeUnit",
        "setUnitOrigin", "deleteUnitOrigin", "syncUnitOrigin", "writeBackport")) {
      NEEDS.put(id, "editor");
    }
    for (String id : List.of("runSpaceActions", "applyChangeSet", "applyTag", "applyUnit", "previewApply", "destroyUnit", "refreshUnit")) {
      NEEDS.put(id, "applier");
    }
    for (String id : List.of("deleteSpace", "patchSpace", "deleteGitMirror", "putGitMirror", "resumeGitMirror", "createTrigger",
        "deleteTrigger", "patchTrigger", "createWebhook", "deleteWebhook", "grantRole", "revokeRole", "suspendSpace",
        "resumeSpace", "putSpaceHealthRule", "deleteSpaceHealthRule", "putSyncWindows")) {
      NEEDS.put(id, "admin");
    }
  }

  /** The identity provider's signing key, and its JWKS served on loopback for the server to fetch. */
  static final com.nimbusds.jose.jwk.RSAKey IDP_KEY;
  static final com.sun.net.httpserver.HttpServer IDP;

  static {
    try {
      IDP_KEY = new com.nimbusds.jose.jwk.gen.RSAKeyGenerator(2048).keyID("idp").generate();
      IDP = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
      byte[] jwks = new com.nimbusds.jose.jwk.JWKSet(IDP_KEY.toPublicJWK()).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      IDP.createContext("/jwks", exchange -> {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, jwks.length);
        exchange.getResponseBody().write(jwks);
        exchange.close();
      });
      IDP.start();
    } catch (Exception e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @org.springframework.test.context.DynamicPropertySource
  static void identityProvider(org.springframework.test.context.DynamicPropertyRegistry registry) {
    registry.add("tandem.security.oidc.jwk-set-uri", () -> "http://127.0.0.1:" + IDP.getAddress().getPort() + "/jwks");
    registry.add("tandem.security.oidc.issuer-uri", () -> "https://idp.example");
    registry.add("tandem.security.oidc.admin-group", () -> "platform-admins");
  }

  static String jwt(com.nimbusds.jose.jwk.RSAKey key, String user, List<String> groups, java.time.Instant expires) throws Exception {
    com.nimbusds.jwt.SignedJWT jwt = new com.nimbusds.jwt.SignedJWT(
        new com.nimbusds.jose.JWSHeader.Builder(com.nimbusds.jose.JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
        new com.nimbusds.jwt.JWTClaimsSet.Builder().issuer("https://idp.example").subject("id-" + user)
            .claim("preferred_username", user).claim("groups", groups).expirationTime(java.util.Date.from(expires)).build());
    jwt.sign(new com.nimbusds.jose.crypto.RSASSASigner(key));
    return jwt.serialize();
  }

  static final List<String> LADDER = List.of("outsider", "viewer", "editor", "applier", "admin", "orgAdmin");

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api admin;
  String space;

  @BeforeEach
  void setUp() {
    admin = new Api(port);
    space = Api.uniqueSlug("secure");
    assertThat(admin.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
  }

  static String[] auth(String token) {
    return new String[] {"Authorization", "Bearer " + token};
  }

  String issue(String subject, boolean orgAdmin) {
    Api.Response issued = admin.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", orgAdmin), auth(ADMIN));
    assertThat(issued.status()).as(issued.body()).isEqualTo(201);
    return issued.json().path("secret").asString();
  }

  void grant(String subject, String role) {
    assertThat(admin.send("PUT", "/api/v1/spaces/" + space + "/roles/" + subject, "application/json",
        "{\"role\":\"" + role + "\"}", auth(ADMIN)).status()).isEqualTo(200);
  }

  @Test
  void aGitHostsPushNeedsNoTokenButItsSignature() throws Exception {
    String ping = "{\"zen\":\"Design for failure\"}";
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(new javax.crypto.spec.SecretKeySpec("it-webhook-secret".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        "HmacSHA256"));
    String signature = java.util.HexFormat.of().formatHex(mac.doFinal(ping.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    Api anonymous = new Api(port);
    Api.Response signed = anonymous.send("POST", "/api/v1/origins/webhook", "application/json", ping,
        "X-GitHub-Event", "ping", "X-Hub-Signature-256", "sha256=" + signature);
    assertThat(signed.status()).as(signed.body()).isEqualTo(202);
    Api.Response unsigned = anonymous.send("POST", "/api/v1/origins/webhook", "application/json", ping);
    assertThat(unsigned.status()).isEqualTo(401);
    assertThat(unsigned.json().path("detail").asString()).contains("not signed");
  }

  @Test
  void theEventStreamTakesItsTokenAsAParameterForBrowsers() throws Exception {
    HttpResponse<InputStream> stream = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/events?space=" + space + "&access_token=" + ADMIN)).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    stream.body().close();
    assertThat(stream.statusCode()).isEqualTo(200);
    assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
  }

  @Test
  void revokingATokenEndsItsOpenEventStream() throws Exception {
    String watcher = issue("watcher-" + space, false);
    grant("watcher-" + space, "viewer");
    HttpResponse<InputStream> stream = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/events?space=" + space))
            .header("Authorization", "Bearer " + watcher).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(stream.statusCode()).isEqualTo(200);
    java.util.concurrent.CompletableFuture<String> rest = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try (InputStream body = stream.body()) {
        return new String(body.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        return "ended: " + e.getMessage();
      }
    });
    Thread.sleep(500);
    assertThat(rest).as("the stream stays open while the token is valid").isNotDone();

    String prefix = watcher.substring(4, watcher.indexOf('_', 4));
    Object id = jdbc.queryForObject("select id from api_token where prefix = ?", Object.class, prefix);
    assertThat(admin.delete("/api/v1/tokens/" + id, auth(ADMIN)).status()).isEqualTo(200);

    assertThat(rest).as("the stream ends once its token is revoked").succeedsWithin(Duration.ofSeconds(10));
  }

  @Test
  void withoutAValidTokenTheApiAnswers401AndHealthStaysOpen() {
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces"), 401, "unauthorized", "Give an API token: Authorization: Bearer");
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces", auth("tdm_nosuchpref_x")), 401, "unauthorized",
        "The API token was not accepted: it is unknown, revoked or expired");
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces", auth("not-even-a-token")), 401, "unauthorized",
        "The API token was not accepted");
    // the token as a parameter works for the event stream only (EventSource cannot send headers)
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces?access_token=" + ADMIN), 401, "unauthorized", "");
    assertThat(admin.get("/actuator/health").status()).isEqualTo(200);
    assertThat(admin.get("/v3/api-docs").status()).isEqualTo(200);
    Api.Response root = admin.get("/"); // a browser opening the server's address
    assertThat(root.status()).isEqualTo(302);
    assertThat(root.header("Location")).endsWith("/ui"); // the web UI, which signs the browser in
  }

  @Test
  void tokensAreStoredOnlyAsHashesAndARevokedTokenStopsAtOnce() {
    String alice = issue("alice-" + space, false);
    assertThat(alice).startsWith("tdm_");
    assertThat(admin.get("/api/v1/whoami", auth(alice)).json().path("subject").asString()).isEqualTo("alice-" + space);

    String prefix = alice.substring(4, alice.indexOf('_', 4));
    Map<String, Object> stored = jdbc.queryForMap("select * from api_token where prefix = ?", prefix);
    String secret = alice.substring(("tdm_" + prefix + "_").length()); // may itself hold '_' (base64url)
    assertThat(stored.values()).noneMatch(value -> value != null && value.toString().contains(secret));
    assertThat(stored.get("token_hash")).isEqualTo(TokenService.hash(alice));
    assertThat(admin.get("/api/v1/tokens", auth(ADMIN)).body()).doesNotContain(alice).contains(prefix);

    admin.delete("/api/v1/tokens/" + stored.get("id"), auth(ADMIN));

    ProblemAssert.assertProblem(admin.get("/api/v1/whoami", auth(alice)), 401, "unauthorized", "");
  }

  @Test
  void revisionsRecordTheAuthenticatedUserAndTheAuditLogEveryWrite() {
    String bob = issue("bob-" + space, false);
    grant("bob-" + space, "editor");
    String units = "/api/v1/spaces/" + space + "/units";

    assertThat(admin.post(units, Map.of("slug", "payment", "data", Fixtures.paymentService()), auth(bob)).status()).isEqualTo(201);
    ProblemAssert.assertProblem(admin.post(units + "/payment/apply", null, auth(bob)), 403, "forbidden", "applier");

    assertThat(admin.get(units + "/payment/revisions/1", auth(bob)).json().path("author").asString()).isEqualTo("bob-" + space);
    String carol = issue("carol-" + space, false);
    grant("carol-" + space, "applier");
    admin.post(units, Map.of("slug", "empty", "data", "", "target", "sandbox"), auth(ADMIN));
    assertThat(admin.post(units + "/empty/apply", null, auth(carol)).json().path("requestedBy").asString()).isEqualTo("carol-" + space);
    var audit = admin.get("/api/v1/audit?where=" + java.net.URLEncoder.encode("Space = '" + space + "' AND Subject = 'bob-" + space + "'",
        java.nio.charset.StandardCharsets.UTF_8), auth(ADMIN)).json().path("items");
    assertThat(audit.size()).isEqualTo(2);
    assertThat(audit.get(0).path("status").asInt()).isEqualTo(403);
    assertThat(audit.get(1).path("status").asInt()).isEqualTo(201);
    assertThat(audit.get(1).path("path").asString()).isEqualTo(units);
    ProblemAssert.assertProblem(admin.get("/api/v1/audit", auth(bob)), 403, "forbidden", "organisation admin");

    // what lies outside one's spaces is not even listed
    String stranger = issue("stranger-" + space, false);
    assertThat(admin.get("/api/v1/spaces?limit=1000", auth(bob)).body()).contains(space);
    assertThat(admin.get("/api/v1/spaces?limit=1000", auth(stranger)).body()).doesNotContain(space);
    String action = admin.get(units + "/empty/actions", auth(ADMIN)).json().path("items").get(0).path("id").asString();
    assertThat(admin.get("/api/v1/actions/" + action, auth(carol)).status()).isEqualTo(200);
    ProblemAssert.assertProblem(admin.get("/api/v1/actions/" + action, auth(stranger)), 404, "not-found", action);
  }

  @Test
  void aClusterImportNeedsApplierBesidesTheEditorItsRouteNeeds() {
    String dave = issue("dave-" + space, false);
    grant("dave-" + space, "editor");
    String imports = "/api/v1/spaces/" + space + "/imports";
    Map<String, Object> body = Map.of("source", "cluster", "target", "sandbox", "namespaces", List.of(space + "-none"),
        "dryRun", true);

    // it reads the target's cluster and takes its objects for units, as only refresh and apply (applier) otherwise do
    ProblemAssert.assertProblem(admin.post(imports, body, auth(dave)), 403, "forbidden", "applier");

    grant("dave-" + space, "applier");
    assertThat(admin.post(imports, body, auth(dave)).status()).isEqualTo(200);
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyRouteGivesEachRoleWhatItShouldAndNoRouteIsLeftWithoutARule() throws Exception {
    assertThat(admin.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "keep", "data", ""), auth(ADMIN)).status()).isEqualTo(201);
    Map<String, String> tokens = new LinkedHashMap<>();
    for (String role : List.of("viewer", "editor", "applier", "admin")) {
      tokens.put(role, issue(role + "-" + space, false));
      grant(role + "-" + space, role);
    }
    tokens.put("outsider", issue("outsider-" + space, false));
    tokens.put("orgAdmin", issue("org-" + space, true));

    Map<String, Object> paths = (Map<String, Object>) ((Map<String, Object>) new Yaml()
        .load(Files.readString(Path.of("api-spec", "openapi.yaml")))).get("paths");
    List<String> wrong = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    for (Map.Entry<String, Object> path : paths.entrySet()) {
      for (Map.Entry<String, Object> operation : ((Map<String, Object>) path.getValue()).entrySet()) {
        String method = operation.getKey().toUpperCase(Locale.ROOT);
        String id = (String) ((Map<String, Object>) operation.getValue()).get("operationId");
        seen.add(id);
        String needs = NEEDS.get(id);
        if (needs == null) {
          wrong.add(id + ": no expected role in this test");
          continue;
        }
        String uri = path.getKey().replace("{space}", space).replace("{id}", "00000000-0000-0000-0000-000000000000")
            .replaceAll("\\{[^}]+}", "nothing");
        if (id.equals("streamEvents")) {
          uri += "?space=" + space;
        }
        for (String caller : LADDER) {
          boolean allowed = (needs.equals("theWorkerItself") || needs.equals("signedByTheGitHost")) ? false
              : needs.equals("authenticated") ? true
              : needs.equals("orgAdmin") ? caller.equals("orgAdmin")
              : caller.equals("orgAdmin") || (!caller.equals("outsider") && LADDER.indexOf(caller) >= LADDER.indexOf(needs));
          if (id.equals("streamEvents") && caller.equals("outsider")) {
            allowed = false; // it may connect, but not to a space where it has no role
          }
          HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + uri))
              .timeout(Duration.ofSeconds(10))
              .header("Authorization", "Bearer " + tokens.get(caller))
              .header("Content-Type", "application/json")
              .method(method, method.equals("GET") || method.equals("DELETE")
                  ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString("{}"));
          int status = send(http, request);
          if (allowed == (status == 403 || status == 401)) {
            wrong.add(id + " (" + method + " " + path.getKey() + ") as " + caller + ": " + status + ", expected "
                + (allowed ? "not 401/403" : "403"));
          }
          // every other spelling of the same route is refused as such, or decided exactly as the plain one (for the
          // callers a bypass would help: one without any role, one with the least)
          for (String variant : caller.equals("outsider") || caller.equals("viewer") ? NonCanonical.spellings(uri) : List.<String>of()) {
            int variantStatus = send(http, request.uri(URI.create("http://localhost:" + port + variant)));
            if (variantStatus != 400 && (variantStatus == 403 || variantStatus == 401) != (status == 403 || status == 401)) {
              wrong.add(id + " as " + caller + ": " + variant + " answered " + variantStatus + ", the plain form " + status);
            }
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
    assertThat(NEEDS.keySet()).as("rules for routes that no longer exist").isSubsetOf(seen);
  }

  private static int send(HttpClient http, HttpRequest.Builder request) throws Exception {
    HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    response.body().close();
    return response.statusCode();
  }

  @Test
  void encodedAndOtherNonCanonicalPathsAreRefusedBeforeAnyHandlerAndChangeNothing() {
    String nobody = issue("nobody-" + space, false);
    int tokensBefore = admin.get("/api/v1/tokens?limit=1000", auth(ADMIN)).json().path("items").size();

    ProblemAssert.assertProblem(admin.post("/api/v1/%74okens", Map.of("subject", "x-" + space, "orgAdmin", true), auth(nobody)),
        400, "non-canonical-path", "'%74' encodes 't'");
    ProblemAssert.assertProblem(admin.send("PUT", "/api/v1/%73paces/" + space + "/roles/mallory", "application/json",
        "{\"role\":\"admin\"}", auth(nobody)), 400, "non-canonical-path", "");
    for (String path : List.of("/api/v1/%73paces/" + space, "/api/v1/%61udit", "/api/v1/targets/sandbox/%6bubeconfig",
        "/api/v1/spaces/" + space + "/", "/api/v1//spaces", "/api/v1/./spaces", "/api/v1/x/../spaces", "/api/v1/spaces;x=1",
        "/api/v1/spaces%2F" + space)) {
      Api.Response refused = admin.get(path, auth(nobody));
      assertThat(refused.status()).as(path).isEqualTo(400);
      assertThat(refused.json().path("code").asString()).as(path).isEqualTo("non-canonical-path");
    }

    assertThat(admin.get("/api/v1/tokens?limit=1000", auth(ADMIN)).json().path("items").size()).isEqualTo(tokensBefore);
    assertThat(admin.get("/api/v1/spaces/" + space + "/roles", auth(ADMIN)).body()).doesNotContain("mallory");
    // a name that needs encoding is decoded once and decided on as the name it is
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces/" + space + "%20", auth(nobody)), 403, "forbidden", "viewer");
  }

  @Test
  void whatTheContainerRefusesIsProblemJsonToo() {
    Api.Response longQuery = admin.get("/api/v1/spaces?where=" + "x".repeat(20_000), auth(ADMIN));
    assertThat(longQuery.status()).isEqualTo(400);
    assertThat(longQuery.header("Content-Type")).startsWith("application/problem+json");
    assertThat(longQuery.json().path("code").asString()).isEqualTo("validation-failed");
    for (String path : List.of("/api/v1/spaces/%00", "/api/v1/spaces%5Cx")) { // the container refuses these itself
      Api.Response refused = admin.get(path, auth(ADMIN));
      assertThat(refused.status()).as(path).isEqualTo(400);
      assertThat(refused.header("Content-Type")).as(path).startsWith("application/problem+json");
    }
  }

  @Test
  void everyHandlerOfOursDeclaresWhoMayCallIt(
      @Autowired @org.springframework.beans.factory.annotation.Qualifier("requestMappingHandlerMapping")
          org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping mappings) {
    List<String> undeclared = mappings.getHandlerMethods().entrySet().stream()
        .filter(route -> route.getKey().getPatternValues().stream().anyMatch(pattern -> pattern.startsWith("/api/")))
        .map(java.util.Map.Entry::getValue)
        .filter(method -> method.getMethodAnnotation(io.tandem.common.access.Access.class) == null)
        .map(method -> method.getShortLogMessage())
        .filter(name -> !name.contains("UndeclaredController"))
        .toList();
    assertThat(mappings.getHandlerMethods()).hasSizeGreaterThan(70);
    assertThat(undeclared).isEmpty();
    // one that slipped through anyway is refused for everyone, organisation admins included
    ProblemAssert.assertProblem(admin.get("/api/v1/undeclared", auth(ADMIN)), 403, "forbidden", "not open to anyone");
  }

  @Test
  void secretValuesShowOnlyToThoseWhoMayReadSecrets() {
    String secret = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: c2VjcmV0\n";
    String unit = "/api/v1/spaces/" + space + "/units/db";
    assertThat(admin.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "db", "data", secret), auth(ADMIN)).status()).isEqualTo(201);
    admin.patch(unit, Map.of("data", secret.replace("c2VjcmV0", "bmV3c2VjcmV0")), auth(ADMIN));
    String viewer = issue("reader-" + space, false);
    grant("reader-" + space, "viewer");
    String trusted = issue("trusted-" + space, false);
    assertThat(admin.send("PUT", "/api/v1/spaces/" + space + "/roles/trusted-" + space, "application/json",
        "{\"role\":\"viewer\",\"readSecrets\":true}", auth(ADMIN)).status()).isEqualTo(200);

    for (String path : List.of(unit, unit + "/data", unit + "/revisions/1", unit + "/diff?from=1&to=2")) {
      assertThat(admin.get(path, auth(viewer)).body()).as(path).doesNotContain("c2VjcmV0", "bmV3c2VjcmV0");
    }
    assertThat(admin.get(unit + "/data", auth(viewer)).body()).contains("password: '***'");
    String editor = issue("writer-" + space, false);
    grant("writer-" + space, "editor");
    Api.Response read = admin.post("/api/v1/spaces/" + space + "/functions/invoke", Map.of("units", List.of("db"), "dryRun", true,
        "functions", List.of(Map.of("name", "get-path", "args", List.of("data.password")))), auth(editor));
    assertThat(read.status()).as(read.body()).isEqualTo(200);
    assertThat(read.body()).doesNotContain("c2VjcmV0", "bmV3c2VjcmV0").contains("***");
    assertThat(admin.get(unit + "/revisions/1", auth(trusted)).body()).contains("c2VjcmV0");
    assertThat(admin.get(unit + "/data", auth(ADMIN)).body()).contains("bmV3c2VjcmV0");
  }

  @Test
  void expensiveCallsAreLimitedPerCaller() {
    String busy = issue("busy-" + space, true);
    String calm = issue("calm-" + space, true);
    String invoke = "/api/v1/spaces/" + space + "/functions/invoke";
    Map<String, Object> body = Map.of("functions", List.of(Map.of("name", "get-replicas")));
    for (int i = 0; i < 5; i++) {
      assertThat(admin.post(invoke, body, auth(busy)).status()).isEqualTo(200);
    }

    Api.Response limited = admin.post(invoke, body, auth(busy));

    ProblemAssert.assertProblem(limited, 429, "rate-limited", "5 expensive calls a minute");
    assertThat(limited.header("Retry-After")).isNotBlank();
    assertThat(admin.post(invoke, body, auth(calm)).status()).isEqualTo(200); // another caller, another bucket
    assertThat(admin.get("/api/v1/spaces/" + space, auth(busy)).status()).isEqualTo(200); // reads are not limited
  }

  @Test
  void bearerJwtsFromTheIdentityProviderAuthenticateAndItsAdminGroupAdministers() throws Exception {
    java.time.Instant later = java.time.Instant.now().plusSeconds(600);
    String dora = jwt(IDP_KEY, "dora-" + space, List.of("developers"), later);
    assertThat(admin.get("/api/v1/whoami", auth(dora)).json().path("subject").asString()).isEqualTo("dora-" + space);
    ProblemAssert.assertProblem(admin.get("/api/v1/spaces/" + space, auth(dora)), 403, "forbidden", "viewer");
    grant("dora-" + space, "viewer");
    assertThat(admin.get("/api/v1/spaces/" + space, auth(dora)).status()).isEqualTo(200);

    String boss = jwt(IDP_KEY, "boss-" + space, List.of("platform-admins"), later);
    assertThat(admin.get("/api/v1/tokens", auth(boss)).status()).isEqualTo(200);

    ProblemAssert.assertProblem(admin.get("/api/v1/whoami", auth(jwt(IDP_KEY, "late", List.of(), java.time.Instant.now().minusSeconds(600)))),
        401, "unauthorized", "");
    com.nimbusds.jose.jwk.RSAKey forger = new com.nimbusds.jose.jwk.gen.RSAKeyGenerator(2048).keyID("idp").generate();
    ProblemAssert.assertProblem(admin.get("/api/v1/whoami", auth(jwt(forger, "mallory", List.of("platform-admins"), later))),
        401, "unauthorized", "");
  }
}
