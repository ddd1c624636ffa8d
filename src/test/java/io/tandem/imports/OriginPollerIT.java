package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

/**
 * A commit pushed to a watched repository reaches its unit within a poll interval, with nobody asking, and a
 * repository that never answers holds up no other origin's check.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.data-dir=target/it-data-origin-poller",
    "tandem.imports.origin-poll-interval=1s"})
class OriginPollerIT {

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;

  @Test
  void aCommitReachesItsUnitWithinAPollInterval() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("polled");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String config = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n";
    String url = GitRepos.withFiles("polled", Map.of("settings.yaml", config));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    String unit = "/api/v1/spaces/" + space + "/units/settings";

    GitRepos.commit(url, "main", Map.of("settings.yaml", config.replace("blue", "green")), "Green", "erin");
    await("the commit taken").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit + "/data").body()).contains("mode: green");
    assertThat(api.get(unit + "/revisions/2").json().path("source").asString()).isEqualTo("Git");
    assertThat(api.get(unit + "/origin").json().path("lastError").isNull()).isTrue();
  }

  @Test
  void aRepositoryThatNeverAnswersHoldsUpNoOtherOrigin() throws Exception {
    Api api = new Api(port);
    String space = Api.uniqueSlug("stalled");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String config = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\ndata:\n  mode: blue\n";
    for (String name : List.of("silent", "lively")) {
      String url = GitRepos.withFiles(name, Map.of(name + ".yaml", config.formatted(name)));
      assertThat(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "watch", true)).status()).isEqualTo(200);
    }
    String lively = api.get("/api/v1/spaces/" + space + "/units/lively/origin").json().path("url").asString();
    List<Socket> held = new CopyOnWriteArrayList<>();
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        while (!silent.isClosed()) {
          try {
            held.add(silent.accept()); // and never a byte back, until the Git timeout
          } catch (java.io.IOException e) {
            return;
          }
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      // the silent origin's repository moves to the socket, and is due before the other
      jdbc.sql("update unit_origin set url = :url, checked_at = now() - interval '1 day' where unit_id ="
          + " (select u.id from unit u join space s on s.id = u.space_id where s.slug = :space and u.slug = 'silent')")
          .param("url", "git://127.0.0.1:" + silent.getLocalPort() + "/silent.git").param("space", space).update();
      await("the silent repository asked").atMost(Duration.ofSeconds(15)).until(() -> !held.isEmpty());

      GitRepos.commit(lively, "main", Map.of("lively.yaml", config.formatted("lively").replace("blue", "green")), "Green", "erin");

      await("the other origin's commit taken meanwhile").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200))
          .until(() -> api.get("/api/v1/spaces/" + space + "/units/lively").json().path("headRevisionNum").asInt() == 2);
    } finally {
      for (Socket socket : held) {
        socket.close();
      }
    }
  }
}
