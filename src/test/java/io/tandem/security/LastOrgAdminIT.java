package io.tandem.security;

import static io.tandem.security.Callers.auth;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.security.domain.TokenService;
import io.tandem.support.Api;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/** An organisation always keeps one org-admin token: revoking the last one is refused, even by two revokes at once. */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + LastOrgAdminIT.BOOTSTRAP,
    "tandem.data-dir=target/it-data-last-org-admin"})
class LastOrgAdminIT {

  static final String BOOTSTRAP = "tdm_lastadmin_0nlyForTestsLastOrgAdminBootstrapTokenLong000";

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  private Api api;
  /** The org-admin tokens known to be active: the bootstrap one until a test revokes it, then its successor. */
  private static final List<Admin> admins = new ArrayList<>();

  private record Admin(String token, String id) {}

  @BeforeEach
  void setUp() {
    api = new Api(port);
    if (admins.isEmpty()) {
      String prefix = TokenService.prefixOf(BOOTSTRAP).orElseThrow();
      admins.add(new Admin(BOOTSTRAP, jdbc.queryForObject("select id::text from api_token where prefix = ?", String.class,
          prefix)));
    }
    Assumptions.assumeTrue(activeOrgAdmins() == 1,
        "the database holds org-admin tokens of other servers (a SPRING_DATASOURCE_URL shared by the suite)");
  }

  @Test
  void theLastActiveOrgAdminTokenCannotBeRevokedAndStillWorks() {
    Admin last = onlyAdmin();

    ProblemAssert.assertProblem(api.delete("/api/v1/tokens/" + last.id(), auth(last.token())), 409, "last-org-admin",
        "last active org-admin token");

    assertThat(api.get("/api/v1/whoami", auth(last.token())).json().path("orgAdmin").asBoolean()).isTrue();
  }

  @Test
  void withASecondOrgAdminTheFirstCanBeRevokedAndThenTheSecondCannot() {
    Admin first = onlyAdmin();
    Admin second = issueAdmin(first);

    assertThat(api.delete("/api/v1/tokens/" + first.id(), auth(second.token())).status()).isEqualTo(200);

    ProblemAssert.assertProblem(api.delete("/api/v1/tokens/" + second.id(), auth(second.token())), 409,
        "last-org-admin", "");
    admins.remove(first);
  }

  @Test
  void twoRevokesOfTheLastTwoOrgAdminTokensAtOnceLeaveOne() throws Exception {
    for (int round = 0; round < 10; round++) {
      Admin one = onlyAdmin();
      Admin other = issueAdmin(one);
      CyclicBarrier together = new CyclicBarrier(2);
      CompletableFuture<Api.Response> revokeOne = CompletableFuture.supplyAsync(() -> revokeAt(together, one, other));
      CompletableFuture<Api.Response> revokeOther = CompletableFuture.supplyAsync(() -> revokeAt(together, other, one));
      List<Integer> statuses = List.of(revokeOne.get().status(), revokeOther.get().status());

      // the loser is refused as the last admin, or, if the winner's revoke of its caller came first, as revoked
      assertThat(statuses).as("round " + round).containsOnlyOnce(200).containsAnyOf(409, 401);
      admins.remove(revokeOne.get().status() == 200 ? one : other);
      assertThat(activeOrgAdmins()).isEqualTo(1);
    }
  }

  /** {@code caller} revokes {@code revoked}, at the same moment as the other revoke. */
  private Api.Response revokeAt(CyclicBarrier together, Admin revoked, Admin caller) {
    try {
      together.await();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return api.delete("/api/v1/tokens/" + revoked.id(), auth(caller.token()));
  }

  private Admin onlyAdmin() {
    assertThat(admins).hasSize(1);
    assertThat(activeOrgAdmins()).isEqualTo(1);
    return admins.get(0);
  }

  private Admin issueAdmin(Admin by) {
    Api.Response issued = api.post("/api/v1/tokens", Map.of("subject", Api.uniqueSlug("admin"), "orgAdmin", true),
        auth(by.token()));
    assertThat(issued.status()).as(issued.body()).isEqualTo(201);
    Admin admin = new Admin(issued.json().path("secret").asString(), issued.json().path("token").path("id").asString());
    admins.add(admin);
    return admin;
  }

  private int activeOrgAdmins() {
    return jdbc.queryForObject("select count(*) from api_token where org_admin and revoked_at is null", Integer.class);
  }
}
