package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.SecondServer;
import io.tandem.support.TandemIT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two servers on one database, as replicas behind one Service: a person signed in on one is signed in on the other,
 * signing out or revoking the token ends the session on both, the session holds no token, and the API makes no
 * session.
 */
@TandemIT
class UiSessionsAcrossReplicasIT {

  private static ConfigurableApplicationContext second;

  @LocalServerPort int port;
  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;
  Api api;
  int secondPort;
  String subject;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    if (second == null) {
      second = SecondServer.start(dataSource, "target/it-data-ui-sessions-second");
    }
    secondPort = SecondServer.port(second);
    subject = Api.uniqueSlug("replicas");
  }

  @AfterAll
  static void stopTheSecondServer() {
    if (second != null) {
      second.close();
    }
  }

  @Test
  void aSessionSignedInOnOneServerIsSignedInOnTheOtherAndSigningOutThereEndsItHere() {
    String token = token(false);
    UiSession onA = new UiSession(port);
    assertThat(onA.signIn(token).location()).endsWith("/ui");
    UiSession onB = onA.onPort(secondPort);

    UiSession.Page there = onB.get("/ui");

    assertThat(there.status()).as("the other server knows the session").isEqualTo(200);
    assertThat(there.body()).contains(subject);
    assertThat(storedAttributes()).as("the stored session holds no token").isNotEmpty()
        .noneMatch(bytes -> new String(bytes, StandardCharsets.ISO_8859_1).contains(token));

    assertThat(onB.post("/ui/sign-out", Map.of()).location()).endsWith("/ui/sign-in?signedOut");

    UiSession.Page here = onA.get("/ui");
    assertThat(here.status()).isEqualTo(302);
    assertThat(here.location()).as("signed out on the first server too").endsWith("/ui/sign-in");
    assertThat(storedAttributes()).isEmpty();
  }

  @Test
  void aRevokedTokensSessionEndsOnBothServers() {
    var issued = api.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", true)).json();
    UiSession onA = new UiSession(port);
    onA.signIn(issued.path("secret").asString());
    UiSession onB = onA.onPort(secondPort);
    assertThat(onB.get("/ui").status()).isEqualTo(200);
    UiSession other = new UiSession(port);
    other.signIn(issued.path("secret").asString());
    assertThat(other.get("/ui").status()).isEqualTo(200);

    api.delete("/api/v1/tokens/" + issued.path("token").path("id").asString());

    await("the other server ends the session").atMost(Duration.ofSeconds(5))
        .until(() -> onB.get("/ui").status() == 302);
    assertThat(onB.get("/ui").location()).endsWith("/ui/sign-in");
    assertThat(onA.get("/ui").status()).as("the same session, ended on the other server").isEqualTo(302);
    assertThat(other.get("/ui").status()).as("a second session of the token, here").isEqualTo(302);
  }

  @Test
  void aStoredSessionThisVersionCannotReadSignsOutInsteadOfFailing() {
    UiSession session = new UiSession(port);
    session.signIn(token(false));
    assertThat(session.get("/ui").status()).isEqualTo(200);
    jdbc.update("UPDATE ui_session_attributes a SET attribute_bytes = ? FROM ui_session s"
        + " WHERE s.primary_id = a.session_primary_id AND s.principal_name = ?", new byte[] {(byte) 0xac, (byte) 0xed, 0, 5, 1}, subject);

    UiSession.Page unreadable = session.onPort(secondPort).get("/ui");

    assertThat(unreadable.status()).isEqualTo(302);
    assertThat(unreadable.location()).endsWith("/ui/sign-in");
    assertThat(session.signIn(token(false)).location()).endsWith("/ui");
    assertThat(session.get("/ui").status()).as("signed in again").isEqualTo(200);
  }

  @Test
  void anApiCallWithABearerTokenMakesNoSessionOnEitherServer() {
    String token = token(true);
    long before = jdbc.queryForObject("SELECT count(*) FROM ui_session", Long.class);

    for (int server : new int[] {port, secondPort}) {
      Api.Response listed = new Api(server).get("/api/v1/spaces", "Authorization", "Bearer " + token);
      assertThat(listed.status()).isEqualTo(200);
      assertThat(listed.header("Set-Cookie")).as("no cookie from " + server).isNull();
    }

    assertThat(jdbc.queryForObject("SELECT count(*) FROM ui_session", Long.class)).isEqualTo(before);
  }

  private String token(boolean orgAdmin) {
    return api.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", orgAdmin)).json().path("secret").asString();
  }

  private List<byte[]> storedAttributes() {
    return jdbc.queryForList("SELECT a.attribute_bytes FROM ui_session_attributes a"
        + " JOIN ui_session s ON s.primary_id = a.session_primary_id WHERE s.principal_name = ?", byte[].class, subject);
  }
}
