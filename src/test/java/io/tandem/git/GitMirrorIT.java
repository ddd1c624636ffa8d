package io.tandem.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/** Every revision of a space becomes a commit on a real (bare, local) repository, in order and never forced. */
@TandemIT
class GitMirrorIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api api;
  String space;
  String spacePath;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("mirrored");
    spacePath = "/api/v1/spaces/" + space;
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  String data(String name, String memory) {
    return Fixtures.paymentService().replace("name: paymentservice\n", "name: " + name + "\n").replace("128Mi", memory);
  }

  void createUnit(String slug, String memory) {
    assertThat(api.post(spacePath + "/units", Map.of("slug", slug, "data", data(slug, memory), "changeDescription", "First " + slug)).status())
        .isEqualTo(201);
  }

  void updateUnit(String slug, String memory) {
    assertThat(api.patch(spacePath + "/units/" + slug, Map.of("data", data(slug, memory), "changeDescription", "Memory to " + memory)).status())
        .isEqualTo(200);
  }

  JsonNode mirror(String url) {
    Api.Response response = api.send("PUT", spacePath + "/git-mirror", "application/json",
        Api.JSON.writeValueAsString(Map.of("url", url)));
    assertThat(response.status()).as(response.body()).isIn(200, 201);
    return response.json();
  }

  JsonNode status() {
    return api.get(spacePath + "/git-mirror").json();
  }

  void pushedAll() {
    eventually(() -> status().path("lag").path("revisions").asLong() == 0 && status().path("status").asString().equals("Active"),
        "every change pushed");
  }

  static void eventually(BooleanSupplier condition, String what) {
    await(what).atMost(Duration.ofSeconds(20)).until(condition::getAsBoolean);
  }

  static List<String> subjects(String url) {
    return GitRepos.log(url, "main").stream().map(RevCommit::getShortMessage).toList();
  }

  @Test
  void everyRevisionBecomesACommitInOrderWithItsAuthorAndMessage() {
    String url = GitRepos.bare("ordered");
    assertThat(api.send("PUT", spacePath + "/git-mirror", "application/json", Api.JSON.writeValueAsString(Map.of("url", url))).status())
        .isEqualTo(201);

    createUnit("frontend", "128Mi");
    updateUnit("frontend", "256Mi");
    createUnit("checkout", "64Mi");
    assertThat(api.delete(spacePath + "/units/checkout").status()).isEqualTo(204);
    pushedAll();

    assertThat(subjects(url)).containsExactly(
        "frontend: revision 1 (Create)", "frontend: revision 2 (Update)", "checkout: revision 1 (Create)", "checkout: unit deleted");
    RevCommit update = GitRepos.log(url, "main").get(1);
    assertThat(update.getAuthorIdent().getName()).isEqualTo("anonymous");
    assertThat(update.getCommitterIdent().getName()).isEqualTo("Tandem");
    assertThat(update.getFullMessage()).contains("Memory to 256Mi", "Tandem-Space: " + space, "Tandem-Unit: frontend", "Tandem-Revision: 2");
    assertThat(GitRepos.read(url, "main", space + "/frontend.yaml")).isEqualTo(api.get(spacePath + "/units/frontend/data").body());
    assertThat(GitRepos.read(url, "main", space + "/checkout.yaml")).isNull();

    JsonNode status = status();
    assertThat(status.path("lastPushed").path("unit").asString()).isEqualTo("checkout");
    assertThat(status.path("lastPushed").path("revisionNum").isNull()).isTrue();
    assertThat(status.path("lastPushed").path("commit").asString()).isEqualTo(GitRepos.log(url, "main").get(3).name());
    assertThat(status.path("credentials").asString()).isEqualTo("none");
  }

  @Test
  void aNewMirrorStartsWithTheHeadOfEveryUnitUnderItsPathPrefix() {
    createUnit("alpha", "128Mi");
    updateUnit("alpha", "200Mi");
    createUnit("beta", "128Mi");
    String url = GitRepos.bare("heads");

    Api.Response response = api.send("PUT", spacePath + "/git-mirror", "application/json",
        Api.JSON.writeValueAsString(Map.of("url", url, "branch", "deploy", "pathPrefix", "clusters/prod/")));
    assertThat(response.json().path("pathPrefix").asString()).isEqualTo("clusters/prod");
    eventually(() -> status().path("lag").path("revisions").asLong() == 0, "pushed");

    assertThat(GitRepos.log(url, "deploy")).extracting(RevCommit::getShortMessage)
        .containsExactly("alpha: revision 2 (Update)", "beta: revision 1 (Create)");
    assertThat(GitRepos.read(url, "deploy", "clusters/prod/alpha.yaml")).contains("memory: 200Mi");
  }

  @Test
  void aRemoteThatMovedIsRebasedOnto() {
    String url = GitRepos.bare("moved");
    mirror(url);
    createUnit("frontend", "128Mi");
    pushedAll();

    GitRepos.commit(url, "main", Map.of("README.md", "# Deployments\n"), "Add a README", "bob");
    updateUnit("frontend", "300Mi");
    pushedAll();

    assertThat(subjects(url)).containsExactly("frontend: revision 1 (Create)", "Add a README", "frontend: revision 2 (Update)");
    assertThat(GitRepos.read(url, "main", "README.md")).isEqualTo("# Deployments\n");
    assertThat(GitRepos.read(url, "main", space + "/frontend.yaml")).contains("memory: 300Mi");
  }

  @Test
  void aConflictingRemoteStopsTheMirrorAndLosesNothing() {
    String url = GitRepos.bare("conflict");
    mirror(url);
    createUnit("frontend", "128Mi");
    pushedAll();
    GitRepos.commit(url, "main", Map.of(space + "/frontend.yaml", "edited: by hand\n"), "Hand edit", "bob");

    updateUnit("frontend", "300Mi");
    updateUnit("frontend", "400Mi");

    eventually(() -> status().path("status").asString().equals("Conflict"), "the mirror stopped");
    JsonNode status = status();
    assertThat(status.path("lastError").asString()).contains(space + "/frontend.yaml", "bob", "overwrite=true");
    assertThat(status.path("lag").path("revisions").asLong()).isEqualTo(2);
    assertThat(GitRepos.read(url, "main", space + "/frontend.yaml")).isEqualTo("edited: by hand\n");

    assertThat(api.post(spacePath + "/git-mirror/resume?overwrite=true", null).json().path("status").asString()).isEqualTo("Active");
    pushedAll();

    assertThat(subjects(url)).containsExactly(
        "frontend: revision 1 (Create)", "Hand edit", "frontend: revision 2 (Update)", "frontend: revision 3 (Update)");
    assertThat(GitRepos.read(url, "main", space + "/frontend.yaml")).contains("memory: 400Mi");
  }

  @Test
  void anUnreachableRemoteIsRetriedUntilItCanBeReached() throws Exception {
    Path later = GitRepos.path("later");
    mirror(GitRepos.url(later));
    createUnit("frontend", "128Mi");

    eventually(() -> status().path("attempts").asInt() >= 2, "retried");
    JsonNode failing = status();
    assertThat(failing.path("status").asString()).isEqualTo("Retrying");
    assertThat(failing.path("lastError").asString()).isNotBlank();
    assertThat(failing.path("lag").path("revisions").asLong()).isEqualTo(1);

    try (Git ignored = Git.init().setBare(true).setInitialBranch("main").setDirectory(later.toFile()).call()) {
      // the remote comes back
    }
    pushedAll();
    assertThat(subjects(GitRepos.url(later))).containsExactly("frontend: revision 1 (Create)");
    assertThat(status().path("lastError").isNull()).isTrue();
  }

  @Test
  void commitsPushedBeforeACrashAreRecognisedAndNotRepeated() {
    String url = GitRepos.bare("crash");
    mirror(url);
    createUnit("frontend", "128Mi");
    pushedAll();
    String firstCommit = GitRepos.log(url, "main").get(0).name();
    updateUnit("frontend", "256Mi");
    updateUnit("frontend", "384Mi");
    pushedAll();

    // What a crash between the push of revisions 2 and 3 and its bookkeeping leaves: their outbox rows still there,
    // and the mirror believing its history ends at the first commit. Rebuilt, they would write 256Mi over 384Mi.
    jdbc.update("update git_mirror set pushed_commit = ? where space_id = (select id from space where slug = ?)", firstCommit, space);
    for (RevCommit pushed : GitRepos.log(url, "main").subList(1, 3)) {
      String trailer = pushed.getFooterLines("Tandem-Mirror-Seq").get(0);
      long seq = Long.parseLong(trailer.substring(trailer.lastIndexOf(':') + 1));
      int num = Integer.parseInt(pushed.getFooterLines("Tandem-Revision").get(0));
      jdbc.update("insert into git_outbox (seq, space_id, unit_id, unit_slug, revision_num, source, description, author,"
          + " content_sha256, created_at) overriding system value select ?, u.space_id, u.id, u.slug, r.num, r.source,"
          + " r.description, r.author, r.content_sha256, r.created_at from unit u join space s on s.id = u.space_id"
          + " join revision r on r.unit_id = u.id and r.num = ? where s.slug = ? and u.slug = 'frontend'", seq, num, space);
    }
    updateUnit("frontend", "512Mi");
    pushedAll();

    assertThat(subjects(url)).containsExactly("frontend: revision 1 (Create)", "frontend: revision 2 (Update)",
        "frontend: revision 3 (Update)", "frontend: revision 4 (Update)");
    assertThat(GitRepos.read(url, "main", space + "/frontend.yaml")).contains("memory: 512Mi");
  }

  @Test
  void credentialsAreNeverReturnedAndBadSettingsAreRefused() {
    String url = GitRepos.bare("secret");
    Map<String, Object> body = new HashMap<>(Map.of("url", url, "credentials", Map.of("token", "ghp-very-secret")));
    Api.Response created = api.send("PUT", spacePath + "/git-mirror", "application/json", Api.JSON.writeValueAsString(body));
    assertThat(created.body()).doesNotContain("ghp-very-secret");
    assertThat(created.json().path("credentials").asString()).isEqualTo("token");
    assertThat(api.get(spacePath + "/git-mirror").body()).doesNotContain("ghp-very-secret");
    // absent credentials keep the stored ones
    assertThat(mirror(url).path("credentials").asString()).isEqualTo("token");

    ProblemAssert.assertProblem(
        api.send("PUT", spacePath + "/git-mirror", "application/json", Api.JSON.writeValueAsString(Map.of("branch", "main"))),
        400, "validation-failed", "url");
    ProblemAssert.assertProblem(
        api.send("PUT", spacePath + "/git-mirror", "application/json",
            Api.JSON.writeValueAsString(Map.of("url", "https://bob:hunter2@example.com/repo.git"))),
        400, "validation-failed", "password");
    ProblemAssert.assertProblem(
        api.send("PUT", spacePath + "/git-mirror", "application/json",
            Api.JSON.writeValueAsString(Map.of("url", url, "branch", "bad..branch"))),
        400, "validation-failed", "branch");
    ProblemAssert.assertProblem(
        api.send("PUT", spacePath + "/git-mirror", "application/json",
            Api.JSON.writeValueAsString(Map.of("url", url, "pathPrefix", "../outside"))),
        400, "validation-failed", "../outside");
    assertThat(api.get(spacePath + "/git-mirror").json().path("url").asString()).isEqualTo(url); // unchanged

    assertThat(api.delete(spacePath + "/git-mirror").status()).isEqualTo(204);
    ProblemAssert.assertProblem(api.get(spacePath + "/git-mirror"), 404, "not-found", "no Git mirror");
  }

  @Test
  void aMirroredSpaceCanBeDeleted() {
    mirror(GitRepos.bare("deleted"));
    createUnit("frontend", "128Mi");

    assertThat(api.delete(spacePath + "?recursive=true").status()).isEqualTo(204);

    assertThat(jdbc.queryForObject("select count(*) from git_mirror m join space s on s.id = m.space_id where s.slug = ?",
        Integer.class, space)).isZero();
  }
}
