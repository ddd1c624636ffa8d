package io.tandem.replica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.support.Api;
import io.tandem.support.Grants;
import io.tandem.support.ServerProcess;
import io.tandem.support.TandemIT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two servers on one database, as if in two networks: the target's host name resolves only where the other server
 * runs (a JVM of its own, with a hosts file of its own), like a replica beside a private cluster. This test's server
 * claims actions on that target too, cannot connect, and leaves them to the other; once the other is gone, nobody is
 * left to leave them to, and they fail here at once, saying why.
 */
@TandemIT
class ActionHandoffIT {

  static final String HOST = "zone-b.cluster.test";
  static final int UNITS = 8;

  @LocalServerPort int port;
  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;

  @Test
  void actionsThisServerCannotReachTheTargetOfRunOnAServerThatCanAndFailWhenNoneIsLeft() throws Exception {
    Api here = new Api(port);
    Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-data-handoff");
    Path hosts = Files.writeString(data.resolveSibling(data.getFileName() + ".hosts"), "127.0.0.1 localhost "
        + java.net.InetAddress.getLocalHost().getHostName() + " " + HOST + "\n");
    String target = Api.uniqueSlug("zone-b");
    String space = Api.uniqueSlug("handoff");
    try (ServerProcess near = ServerProcess.start(data, settings(), List.of("-Djdk.net.hosts.file=" + hosts))) {
      Api there = near.api();
      String kubeconfig = here.get("/api/v1/targets/sandbox/kubeconfig").body()
          .replaceAll("(server: https?://)(127\\.0\\.0\\.1|localhost)", "$1" + HOST);
      Api.Response registered = there.post("/api/v1/targets", Map.of("slug", target, "kubeconfig", kubeconfig));
      assertThat(registered.status()).as(registered.body()).isEqualTo(201);
      assertThat(registered.json().path("reachable").asBoolean()).as("reachable from the other server").isTrue();
      Grants.everySpace(there, target);
      assertThat(here.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
      for (int i = 0; i < UNITS; i++) {
        String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: handoff-" + i + "\ndata:\n  n: \"" + i + "\"\n";
        Api.Response unit = here.post("/api/v1/spaces/" + space + "/units",
            Map.of("slug", "cm-" + i, "target", target, "data", configMap));
        assertThat(unit.status()).as(unit.body()).isEqualTo(201);
      }

      // Which server claims an apply first is a race; the other server may take all of a round. Rounds are queued
      // until this server has claimed, and left, at least one.
      Instant until = Instant.now().plus(Duration.ofSeconds(60));
      int rounds = 0;
      do {
        Api.Response applied = here.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "apply"));
        assertThat(applied.status()).as(applied.body()).isEqualTo(200);
        rounds++;
        awaitCompleted(space, rounds * UNITS, near);
      } while (count(space, "cardinality(left_by) > 0") == 0 && Instant.now().isBefore(until));
      assertThat(count(space, "cardinality(left_by) > 0"))
          .as("applies this server claimed and left to the other, in %d rounds", rounds).isPositive();
      near.stop();
    }

    Api.Response refreshed = here.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "refresh"));
    assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(200);
    await("with no other server left, the refreshes fail here").atMost(Duration.ofSeconds(30))
        .until(() -> count(space, "status = 'Failed'") == UNITS);
    assertThat(jdbc.queryForList("select a.message from unit_action a join unit u on u.id = a.unit_id join space s"
        + " on s.id = u.space_id where s.slug = ? and a.status = 'Failed'", String.class, space))
        .allMatch(message -> message.contains("host not found"), "says why");
  }

  private void awaitCompleted(String space, int applies, ServerProcess near) {
    try {
      await("every apply completed, on the server that reaches the target").atMost(Duration.ofSeconds(60))
          .until(() -> count(space, "status = 'Completed'") == applies);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; actions: " + jdbc.queryForList("select a.status, a.message,"
          + " a.left_by::text, a.attempts from unit_action a join unit u on u.id = a.unit_id join space s"
          + " on s.id = u.space_id where s.slug = ?", space) + "; replicas: "
          + jdbc.queryForList("select id, host, port from replica") + "; the other server's log: " + near.log(), e);
    }
  }

  private int count(String space, String condition) {
    return jdbc.queryForObject("select count(*) from unit_action a join unit u on u.id = a.unit_id join space s"
        + " on s.id = u.space_id where s.slug = ? and " + condition, Integer.class, space);
  }

  private Map<String, String> settings() throws Exception {
    HikariDataSource database = dataSource.unwrap(HikariDataSource.class);
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spring.datasource.url", database.getJdbcUrl());
    settings.put("spring.datasource.username", database.getUsername());
    settings.put("spring.datasource.password", database.getPassword());
    settings.put("tandem.encryption-key", Files.readString(Path.of("target/it-data/encryption.key")).trim());
    settings.put("tandem.worker.threads", "2");
    settings.put("logging.level.io.tandem.action", "INFO");
    settings.put("tandem.outbound.allowed-networks", "127.0.0.0/8,::1/128");
    return settings;
  }
}
