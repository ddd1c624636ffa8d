package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The web UI's pages over HTTP, as each role sees them: the same rules as the API's routes, sign-in with a token
 * into a session that holds no token, CSRF on every form, and a revoked token ending its session.
 */
@TandemIT
class UiRolesIT {

  @LocalServerPort int port;
  Api api;
  String space;
  String unitPage;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("ui");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    String data = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "data", data)).status()).isEqualTo(201);
    assertThat(api.putYaml("/api/v1/spaces/" + space + "/units/settings/data", data.replace("blue", "green")).status())
        .isEqualTo(200);
    unitPage = "/ui/spaces/" + space + "/units/settings";
  }

  UiSession signedIn(String role) {
    String subject = role + "-" + space;
    String token = api.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", role.equals("orgAdmin")))
        .json().path("secret").asString();
    if (!role.equals("orgAdmin") && !role.equals("outsider")) {
      assertThat(api.send("PUT", "/api/v1/spaces/" + space + "/roles/" + subject, "application/json",
          "{\"role\":\"" + role + "\"}").status()).isEqualTo(200);
    }
    UiSession session = new UiSession(port);
    UiSession.Page signedIn = session.signIn(token);
    assertThat(signedIn.status()).isEqualTo(302);
    assertThat(signedIn.location()).endsWith("/ui");
    return session;
  }

  @Test
  void withoutASessionEveryPageSendsToSignInAndTheRootOpensTheUi() {
    UiSession nobody = new UiSession(port);
    for (String path : new String[] {"/ui", "/ui/targets", "/ui/audit", unitPage}) {
      UiSession.Page page = nobody.get(path);
      assertThat(page.status()).as(path).isEqualTo(302);
      assertThat(page.location()).as(path).endsWith("/ui/sign-in");
    }
    assertThat(nobody.get("/").location()).endsWith("/ui");
    assertThat(nobody.get("/ui/sign-in").body()).contains("API token", "name=\"_csrf\"");
  }

  @Test
  void anUnknownTokenIsRefusedAndTheSessionCookieIsHttpOnlyAndSameSite() {
    UiSession session = new UiSession(port);
    UiSession.Page refused = session.signIn("tdm_nosuchprefix_secret");
    assertThat(refused.location()).endsWith("/ui/sign-in?failed");

    String before = session.sessionCookie();
    String token = api.post("/api/v1/tokens", Map.of("subject", "cookie-" + space, "orgAdmin", false)).json()
        .path("secret").asString();
    UiSession.Page signedIn = session.post("/ui/sign-in", Map.of("token", token));
    assertThat(signedIn.setCookie()).contains("HttpOnly").containsIgnoringCase("SameSite=Lax");
    assertThat(session.sessionCookie()).as("a new session id at sign-in").isNotEqualTo(before);
    assertThat(session.get("/ui").body()).contains("cookie-" + space).doesNotContain(token);

    assertThat(session.post("/ui/sign-out", Map.of()).location()).endsWith("/ui/sign-in?signedOut");
    assertThat(session.get("/ui").location()).as("signed out").endsWith("/ui/sign-in");
  }

  @Test
  void aViewerReadsTheUnitButIsOfferedNothingThatChangesItAndIsRefusedIfItTries() {
    UiSession viewer = signedIn("viewer");
    UiSession.Page page = viewer.get(unitPage);

    assertThat(page.status()).isEqualTo(200);
    assertThat(page.body()).contains("mode", "Revisions", "data-num=\"2\"")
        .doesNotContain("id=\"apply\"", "id=\"undo\"", "id=\"restore-", "id=\"approve\"", "id=\"refresh\"", "id=\"preview\"");
    assertThat(viewer.get("/ui/spaces/" + space).body()).contains("settings").doesNotContain("id=\"bulk-apply\"");
    assertThat(viewer.get(unitPage + "/diff?from=1&to=2").body()).contains("blue", "green", "revision 1", "revision 2");
    for (String button : new String[] {"/apply", "/undo", "/approve", "/refresh"}) {
      assertThat(viewer.post(unitPage + button, Map.of()).status()).as(button).isEqualTo(403);
    }
    assertThat(viewer.post(unitPage + "/restore", Map.of("revision", "1")).status()).isEqualTo(403);
    assertThat(api.get("/api/v1/spaces/" + space + "/units/settings").json().path("headRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void anEditorRestoresAndApprovesButNeitherAppliesNorRefreshes() {
    UiSession editor = signedIn("editor");
    String body = editor.get(unitPage).body();
    assertThat(body).contains("id=\"restore-1\"", "id=\"approve\"").doesNotContain("id=\"apply\"", "id=\"undo\"");

    UiSession.Page restored = editor.post(unitPage + "/restore", Map.of("revision", "1"));

    assertThat(restored.status()).isEqualTo(302);
    assertThat(api.get("/api/v1/spaces/" + space + "/units/settings/data").body()).contains("mode: blue");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/settings/revisions/3").json().path("author").asString())
        .isEqualTo("editor-" + space);
    String audited = api.get("/api/v1/audit?where=" + java.net.URLEncoder.encode("Subject = 'editor-" + space + "'",
        java.nio.charset.StandardCharsets.UTF_8)).body();
    assertThat(audited).as("a write through the UI is audited").contains(unitPage + "/restore");
    assertThat(editor.post(unitPage + "/apply", Map.of()).status()).isEqualTo(403);
    assertThat(editor.post("/ui/spaces/" + space + "/bulk", Map.of("action", "refresh", "unit", "settings")).status())
        .isEqualTo(403);
  }

  @Test
  void anUndoOrApplyFromAPageDrawnBeforeTheUnitChangedIsRefusedAndChangesNothing() {
    UiSession applier = signedIn("applier");
    String drawn = applier.get(unitPage).body();
    java.util.regex.Matcher version = java.util.regex.Pattern.compile("name=\"version\" value=\"(\\d+)\"").matcher(drawn);
    assertThat(version.find()).as("the buttons carry the version they were drawn at").isTrue();
    assertThat(drawn).contains("Undo revision 2");
    String unit = "/api/v1/spaces/" + space + "/units/settings";
    api.putYaml(unit + "/data", api.get(unit + "/data").body().replace("green", "red")); // revision 3, as a capture would

    UiSession.Page undo = applier.post(unitPage + "/undo", Map.of("version", version.group(1)));
    UiSession.Page apply = applier.post(unitPage + "/apply", Map.of("version", version.group(1)));

    assertThat(undo.status()).isEqualTo(412);
    assertThat(undo.body()).contains("has changed since this page was drawn (its head is now revision 3)");
    assertThat(apply.status()).isEqualTo(412);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).as("nothing undone").isEqualTo(3);
    assertThat(api.get(unit + "/actions").items()).as("nothing applied").isEmpty();
    String redrawn = applier.get(unitPage).body();
    assertThat(redrawn).contains("Undo revision 3");
  }

  @Test
  void anApplierIsOfferedApplyUndoAndBulkActions() {
    UiSession applier = signedIn("applier");
    assertThat(applier.get(unitPage).body()).contains("id=\"apply\"", "id=\"undo\"", "id=\"refresh\"", "id=\"preview\"");
    assertThat(applier.get("/ui/spaces/" + space).body()).contains("id=\"bulk-apply\"", "id=\"select-settings\"");

    UiSession.Page queued = applier.post("/ui/spaces/" + space + "/bulk", Map.of("action", "refresh", "unit", "settings"));

    assertThat(queued.status()).isEqualTo(302);
    assertThat(applier.get(URI.create(queued.location()).getRawPath()).body()).contains("Queued refresh for");
  }

  @Test
  void anUndoWhoseApplyIsRefusedRestoresNothingAndOneThatMayApplyDoesBoth() {
    UiSession applier = signedIn("applier");
    String unit = "/api/v1/spaces/" + space + "/units/settings";
    assertThat(api.patch(unit, Map.of("target", "sandbox")).status()).isEqualTo(200);
    assertThat(api.patch("/api/v1/spaces/" + space, Map.of("requiredApprovals", 1)).status()).isEqualTo(200);

    UiSession.Page gated = applier.post(unitPage + "/undo", Map.of("version", version(unit)));

    assertThat(gated.status()).isEqualTo(409);
    assertThat(gated.body()).contains("apply-gated");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).as("no restore left behind").isEqualTo(2);

    assertThat(api.patch("/api/v1/spaces/" + space, Map.of("requiredApprovals", 0)).status()).isEqualTo(200);
    UiSession.Page undone = applier.post(unitPage + "/undo", Map.of("version", version(unit)));

    assertThat(undone.status()).isEqualTo(302);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(3);
    assertThat(api.get(unit + "/actions").items()).first().satisfies(action -> {
      assertThat(action.path("action").asString()).isEqualTo("Apply");
      assertThat(action.path("revisionNum").asInt()).isEqualTo(3);
    });
    JsonNode applied = await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit + "/actions").items().get(0),
        action -> action.path("status").asString().equals("Completed"));
    // the actions table says when, and what the action's message says
    assertThat(applier.get(unitPage).body()).contains("<time datetime=\"" + applied.path("createdAt").asString() + "\"",
        applied.path("message").asString().replace("'", "&#39;"));
  }

  /** The unit's version, as the page the button is on was drawn at. */
  String version(String unit) {
    return Long.toString(api.get(unit).json().path("version").asLong());
  }

  @Test
  void anOutsiderSeesNeitherTheSpaceNorItsUnits() {
    UiSession outsider = signedIn("outsider");
    assertThat(outsider.get("/ui").body()).doesNotContain("data-space=\"" + space + "\"");
    assertThat(outsider.get("/ui/spaces/" + space).status()).isEqualTo(403);
    assertThat(outsider.get(unitPage).status()).isEqualTo(403);
    assertThat(outsider.get("/ui/spaces/" + space + "/events").status()).isEqualTo(403);
  }

  @Test
  void onlyAnOrganisationAdminReadsTheAuditLogAndEveryoneTheTargets() {
    UiSession admin = signedIn("orgAdmin");
    UiSession viewer = signedIn("viewer");
    assertThat(admin.get("/ui/audit").body()).contains("Audit log", "/api/v1/spaces/" + space);
    assertThat(admin.get("/ui").body()).contains("href=\"/ui/audit\"", "data-space=\"" + space + "\"");
    assertThat(viewer.get("/ui/audit").status()).isEqualTo(403);
    assertThat(viewer.get("/ui").body()).doesNotContain("href=\"/ui/audit\"").contains("data-space=\"" + space + "\"");
    assertThat(viewer.get("/ui/targets").body()).contains("sandbox").doesNotContain("id=\"workers\"");
  }

  @Test
  void anOrganisationAdminSeesTheWorkersOnTheTargetsPage() {
    String worker = Api.uniqueSlug("ui-w");
    assertThat(api.post("/api/v1/workers", Map.of("name", worker)).status()).isEqualTo(201);
    assertThat(api.post("/api/v1/targets", Map.of("slug", worker + "-t", "connection", Map.of("worker", worker)))
        .status()).isEqualTo(201);

    String page = signedIn("orgAdmin").get("/ui/targets").body();

    assertThat(page).contains("id=\"workers\"", "data-worker=\"" + worker + "\"", worker + "-t", "not connected");
  }

  @Test
  void aFormPostWithoutTheCsrfTokenIsRefusedAndChangesNothing() {
    UiSession editor = signedIn("editor");
    editor.get(unitPage);

    UiSession.Page forged = editor.postWithout(unitPage + "/restore", Map.of("revision", "1"));

    assertThat(forged.status()).isEqualTo(403);
    assertThat(api.get("/api/v1/spaces/" + space + "/units/settings").json().path("headRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void aRevokedTokensSessionEndsWithTheNextRequest() {
    String subject = "revoked-" + space;
    var issued = api.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", true)).json();
    UiSession session = new UiSession(port);
    session.signIn(issued.path("secret").asString());
    assertThat(session.get("/ui").status()).isEqualTo(200);

    api.delete("/api/v1/tokens/" + issued.path("token").path("id").asString());

    UiSession.Page after = session.get("/ui");
    assertThat(after.status()).isEqualTo(302);
    assertThat(after.location()).endsWith("/ui/sign-in");
  }

  @Test
  void theWhereBoxShowsTheLanguagesErrorAtItsPosition() {
    UiSession viewer = signedIn("viewer");
    String body = viewer.get("/ui/spaces/" + space + "?where=" + java.net.URLEncoder.encode("Slug = 'settings' AND",
        java.nio.charset.StandardCharsets.UTF_8)).body();
    assertThat(body).contains("id=\"where-error\"", "Invalid where expression at character");
    assertThat(viewer.get("/ui/spaces/" + space + "?where=Slug+%3D+%27settings%27").body()).contains("data-unit=\"settings\"");
  }
}
