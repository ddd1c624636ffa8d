package io.tandem.security;

import static io.tandem.security.Callers.auth;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.ProblemAssert;
import io.tandem.support.SecondServer;
import io.tandem.support.TandemIT;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Two servers on one database, each remembering tokens and roles for an hour: only the invalidation can make either
 * refuse what it remembered. They also share each caller's limit on expensive calls.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + SecurityCacheIT.ADMIN,
    "tandem.data-dir=target/it-data-security-cache",
    "tandem.security.cache.ttl=1h",
    "tandem.security.expensive-calls-per-minute=" + SecurityCacheIT.EXPENSIVE_PER_MINUTE})
class SecurityCacheIT {

  static final String ADMIN = "tdm_cacheit_0nlyForTestsSecurityCacheAdminTokenLongEnough000";
  /** The claim: another server forgets a revoked token or role within a second. */
  static final Duration ELSEWHERE = Duration.ofSeconds(1);
  static final int EXPENSIVE_PER_MINUTE = 4;

  private static ConfigurableApplicationContext second;

  @LocalServerPort int port;
  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;
  Api here;
  Api there;
  Callers callers;
  String space;

  @BeforeEach
  void setUp() {
    here = new Api(port);
    if (second == null) {
      second = SecondServer.start(dataSource, "target/it-data-security-cache-second",
          "--tandem.security.anonymous=false", "--tandem.security.cache.ttl=1h",
          "--tandem.security.expensive-calls-per-minute=" + EXPENSIVE_PER_MINUTE);
    }
    there = new Api(SecondServer.port(second));
    callers = new Callers(here, ADMIN);
    space = Api.uniqueSlug("cached");
    assertThat(here.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
  }

  @AfterAll
  static void stopTheSecondServer() {
    if (second != null) {
      second.close();
    }
  }

  @Test
  void aRevokedTokenIsRefusedAtOnceHereAndWithinASecondOnAnotherServer() throws Exception {
    String alice = callers.issue("alice-" + space);
    bothServersRemember("/api/v1/whoami", alice);

    String id = jdbc.queryForObject("select id::text from api_token where subject = ?", String.class, "alice-" + space);
    assertThat(here.delete("/api/v1/tokens/" + id, auth(ADMIN)).status()).isEqualTo(200);
    Instant revoked = Instant.now();

    assertThat(here.get("/api/v1/whoami", auth(alice)).status()).as("on the server that revoked it").isEqualTo(401);
    assertThat(firstRefusal(() -> there.get("/api/v1/whoami", auth(alice)).status(), 401))
        .as("on another server").isBefore(revoked.plus(ELSEWHERE));
  }

  @Test
  void aRevokedRoleIsRefusedAtOnceHereAndWithinASecondOnAnotherServer() throws Exception {
    String bob = callers.issue("bob-" + space);
    callers.grant(space, "bob-" + space, "viewer", false);
    bothServersRemember("/api/v1/spaces/" + space, bob);

    assertThat(here.delete("/api/v1/spaces/" + space + "/roles/bob-" + space, auth(ADMIN)).status()).isEqualTo(204);
    Instant revoked = Instant.now();

    assertThat(here.get("/api/v1/spaces/" + space, auth(bob)).status()).as("on the server that revoked it").isEqualTo(403);
    assertThat(firstRefusal(() -> there.get("/api/v1/spaces/" + space, auth(bob)).status(), 403))
        .as("on another server").isBefore(revoked.plus(ELSEWHERE));
    assertThat(here.get("/api/v1/whoami", auth(bob)).status()).as("the token itself still stands").isEqualTo(200);
  }

  @Test
  void twoServersShareOneCallersLimitOnExpensiveCalls() {
    String dave = callers.issue("dave-" + space);
    callers.grant(space, "dave-" + space, "editor", false);
    String invoke = "/api/v1/spaces/" + space + "/functions/invoke";
    Map<String, Object> body = Map.of("functions", List.of(Map.of("name", "get-replicas")));
    for (int i = 0; i < EXPENSIVE_PER_MINUTE / 2; i++) {
      assertThat(here.post(invoke, body, auth(dave)).status()).as("call %d here", i).isEqualTo(200);
      assertThat(there.post(invoke, body, auth(dave)).status()).as("call %d there", i).isEqualTo(200);
    }

    Api.Response here5th = here.post(invoke, body, auth(dave));
    Api.Response there5th = there.post(invoke, body, auth(dave));

    ProblemAssert.assertProblem(here5th, 429, "rate-limited", EXPENSIVE_PER_MINUTE + " expensive calls a minute");
    ProblemAssert.assertProblem(there5th, 429, "rate-limited", EXPENSIVE_PER_MINUTE + " expensive calls a minute");
    assertThat(Long.parseLong(there5th.header("Retry-After"))).isBetween(1L, 60L / EXPENSIVE_PER_MINUTE);
  }

  @Test
  void aTokensLastUseIsStillRecordedAtMostOnceAMinute() throws Exception {
    String carol = callers.issue("carol-" + space);
    assertThat(here.get("/api/v1/whoami", auth(carol)).status()).isEqualTo(200);

    OffsetDateTime first = waitForLastUse("carol-" + space);
    assertThat(first.toInstant()).isAfter(Instant.now().minusSeconds(60));
    assertThat(there.get("/api/v1/whoami", auth(carol)).status()).isEqualTo(200);
    assertThat(here.get("/api/v1/whoami", auth(carol)).status()).isEqualTo(200);
    Thread.sleep(2_000); // two write rounds: a second use within the minute writes nothing, on either server

    assertThat(lastUse("carol-" + space)).isEqualTo(first);
  }

  /**
   * Asks both servers for {@code path} with {@code token} once the changes before have reached them, then again while
   * no one can read tokens or roles: answered, it was answered from what the servers remember.
   */
  private void bothServersRemember(String path, String token) throws Exception {
    Thread.sleep(ELSEWHERE.toMillis());
    for (Api server : new Api[] {here, there}) {
      assertThat(server.get(path, auth(token)).status()).isEqualTo(200);
    }
    try (Connection lock = dataSource.getConnection(); Statement statement = lock.createStatement()) {
      lock.setAutoCommit(false);
      statement.execute("lock table api_token, space_role in access exclusive mode");
      try {
        for (Api server : new Api[] {here, there}) {
          assertThat(server.withTimeout(Duration.ofSeconds(3)).get(path, auth(token)).status()).isEqualTo(200);
        }
      } finally {
        lock.rollback();
      }
    }
  }

  private static Instant firstRefusal(Supplier<Integer> status, int refused) throws InterruptedException {
    await("refused").atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
        .until(() -> status.get() == refused);
    return Instant.now();
  }

  private OffsetDateTime waitForLastUse(String subject) throws InterruptedException {
    return await("last_used_at set").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
        .until(() -> lastUse(subject), java.util.Objects::nonNull);
  }

  private OffsetDateTime lastUse(String subject) {
    return jdbc.queryForObject("select last_used_at from api_token where subject = ?", OffsetDateTime.class, subject);
  }
}
