package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.util.Map;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A revision's change carried back to the plain file its unit came from, in a real repository: proposed with its diff,
 * then written as a new branch whose file, read back with JGit, is the original with exactly the changed values
 * (comments and everything else as they were); the branch is never overwritten; a later commit of the same change on
 * the watched branch takes nothing from the unit.
 */
@TandemIT
class BackportIT {

  @LocalServerPort int port;
  Api api;
  String space;
  String url;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("backport");
    api.post("/api/v1/spaces", Map.of("slug", space));
    url = GitRepos.withFiles("backport", Map.of("apps/payments.yaml", GitOriginIT.PAYMENTS,
        "apps/notes.txt", "not configuration\n"));
    units = "/api/v1/spaces/" + space + "/units";
    assertThat(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "ref", "main", "path", "apps",
        "watch", true)).status()).isEqualTo(200);
  }

  @Test
  void aRevisionsChangeBecomesABranchWhoseFileChangesOnlyThosePathsWithItsCommentsKept() {
    String edited = GitOriginIT.PAYMENTS.replace("replicas: 1", "replicas: 2").replace("memory: 128Mi", "memory: 512Mi");
    put(edited.replace("# raised by hand during incidents", "")); // the unit's own text loses the comment; the file keeps it
    int num = api.get(units + "/payments").json().path("headRevisionNum").asInt();

    JsonNode proposal = api.get(units + "/payments/revisions/" + num + "/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).as(proposal.toString()).isTrue();
    assertThat(proposal.path("changes")).hasSize(2);
    JsonNode file = proposal.path("files").get(0);
    assertThat(file.path("path").asString()).isEqualTo("apps/payments.yaml");
    assertThat(file.path("after").asString()).isEqualTo(edited);
    assertThat(file.path("diff").asString()).contains("-              memory: 128Mi", "+              memory: 512Mi", " # raised by hand");
    assertThat(GitRepos.log(url, "tandem/backport/payments-r" + num)).as("nothing written by a proposal").isEmpty();

    Api.Response written = api.post(units + "/payments/revisions/" + num + "/backport", Map.of());
    assertThat(written.status()).as(written.body()).isEqualTo(200);
    String branch = written.json().path("branch").asString();
    assertThat(branch).isEqualTo("tandem/backport/payments-r" + num);
    assertThat(GitRepos.read(url, branch, "apps/payments.yaml")).isEqualTo(edited);
    assertThat(GitRepos.read(url, branch, "apps/notes.txt")).isEqualTo("not configuration\n");
    assertThat(GitRepos.read(url, "main", "apps/payments.yaml")).isEqualTo(GitOriginIT.PAYMENTS);
    RevCommit commit = GitRepos.log(url, branch).get(GitRepos.log(url, branch).size() - 1);
    assertThat(commit.getName()).isEqualTo(written.json().path("commit").asString());
    assertThat(commit.getFullMessage()).contains("revision " + num + " of " + space + "/payments", "spec.replicas");
    assertThat(commit.getParentCount()).isEqualTo(1);
    assertThat(commit.getParent(0).getName()).isEqualTo(proposal.path("baseCommit").asString());

    Api.Response again = api.post(units + "/payments/revisions/" + num + "/backport", Map.of());
    assertThat(again.status()).isEqualTo(409);
    assertThat(GitRepos.log(url, branch).get(GitRepos.log(url, branch).size() - 1).getName())
        .isEqualTo(commit.getName());

    // the team merges it: the unit has the change already, so the commit takes nothing from it
    GitRepos.commit(url, "main", Map.of("apps/payments.yaml", edited), "Merge the backport", "grace");
    JsonNode synced = api.post(units + "/payments/origin/sync", null).json();
    assertThat(synced.path("outcome").asString()).as(synced.toString()).isEqualTo("Unchanged");
    assertThat(synced.path("headRevisionNum").asInt()).isEqualTo(num);
  }

  @Test
  void aChangeToAUnitOfSeveralFilesIsOneCommitOnTheBranch() {
    String service = "apiVersion: v1\nkind: Service\nmetadata:\n  name: cart\nspec:\n  ports:\n    - port: 80\n";
    String repo = GitRepos.withFiles("backport-folder", Map.of("apps/cart/deployment.yaml",
        GitOriginIT.PAYMENTS.replace("payments", "cart"), "apps/cart/service.yaml", service));
    assertThat(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", repo, "ref", "main", "path", "apps",
        "layout", "directory", "watch", true)).status()).isEqualTo(200);
    String data = api.get(units + "/cart/data").body();
    assertThat(api.send("PUT", units + "/cart/data", "application/yaml",
        data.replace("replicas: 1", "replicas: 3").replace("port: 80", "port: 8080")).status()).isEqualTo(200);
    int num = api.get(units + "/cart").json().path("headRevisionNum").asInt();
    int before = GitRepos.log(repo, "main").size();

    Api.Response written = api.post(units + "/cart/revisions/" + num + "/backport", Map.of());

    assertThat(written.status()).as(written.body()).isEqualTo(200);
    assertThat(written.json().path("proposal").path("files")).hasSize(2);
    String branch = written.json().path("branch").asString();
    assertThat(GitRepos.log(repo, branch)).as("one commit on top of main").hasSize(before + 1);
    assertThat(GitRepos.read(repo, branch, "apps/cart/deployment.yaml")).contains("replicas: 3 # raised by hand");
    assertThat(GitRepos.read(repo, branch, "apps/cart/service.yaml")).contains("port: 8080");
  }

  @Test
  void aChangeThatCannotBeCarriedBackIsNotOfferedAndNothingIsWritten() {
    put(GitOriginIT.PAYMENTS + "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: payments\n");
    int num = api.get(units + "/payments").json().path("headRevisionNum").asInt();
    JsonNode proposal = api.get(units + "/payments/revisions/" + num + "/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).isFalse();
    assertThat(proposal.path("problem").asString()).contains("whole object");
    Api.Response refused = api.post(units + "/payments/revisions/" + num + "/backport", Map.of());
    assertThat(refused.status()).isEqualTo(409);
    assertThat(GitRepos.log(url, "tandem/backport/payments-r" + num)).isEmpty();

    assertThat(api.get(units + "/payments/revisions/1/backport").status()).isEqualTo(400);
    api.post(units, Map.of("slug", "loose", "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: loose\n"));
    assertThat(api.get(units + "/loose/revisions/1/backport").status()).isEqualTo(404);
  }

  private void put(String data) {
    assertThat(api.send("PUT", units + "/payments/data", "application/yaml", data).status()).isEqualTo(200);
  }
}
