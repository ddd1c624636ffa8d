package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.TandemApplication;
import io.tandem.replica.domain.Leases;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.ServerProcess;
import io.tandem.support.TandemIT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.util.ReflectionTestUtils;
import tools.jackson.databind.JsonNode;

/**
 * Three servers on one database and one real API server: one of them watches the target's objects; killed with
 * SIGKILL, another takes the target over within two lease periods and sees what was edited meanwhile; started again,
 * it gets its share of the work; and each drift is recorded once.
 *
 * <p>Two of the servers are Spring contexts in this JVM (this test's, which runs the sandbox, and a second one); the
 * third, the one killed, is a JVM of its own.
 */
@TandemIT
@RealCluster
class ReplicasOnKubeApiServerIT {

  static final int UNITS = 300;
  /** The default {@code tandem.replicas.lease-period}, which every server here runs with. */
  static final Duration LEASE = Duration.ofSeconds(15);

  @LocalServerPort int port;
  @Autowired ConfigurableApplicationContext context;
  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;
  @Autowired SandboxCluster sandbox;

  @Test
  void oneServerWatchesTheTargetAnotherTakesItOverAfterAKillAndEachDriftIsRecordedOnce() throws Exception {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    Api api = new Api(port);
    String space = Api.uniqueSlug("replicas");
    applyUnits(api, space);
    // Earlier tests on this database leave targets of their own (unreachable ones among them); with them in the fair
    // share, the sandbox may go to any of the three servers, and this test must be able to kill the one that has it.
    jdbc.update("delete from target where slug <> 'sandbox'");
    Leases here = context.getBean(Leases.class);
    Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-data-replicas-killed");

    here.stop(); // so that the server that will be killed takes the target
    ServerProcess killable = ServerProcess.start(data, settings());
    ConfigurableApplicationContext second = null;
    try {
      await("the separate server owns the target").atMost(LEASE)
          .until(() -> port(owner(api, "sandbox")) == killable.port());
      second = startSecond();
      here.start();
      ConfigurableApplicationContext other = second;
      await("every replica owns some work").atMost(LEASE.multipliedBy(2))
          .until(() -> ownersOfSomething(api).size() == 3);
      assertThat(watched(context)).as("this server watches nothing").isEmpty();
      assertThat(watched(other)).as("the second server watches nothing").isEmpty();

      edit(space, 1);
      await("the edit seen by the server that watches").atMost(LEASE).until(() -> drifts(space, 1) == 1);

      killable.killServer();
      Instant killed = Instant.now();
      edit(space, 2);
      await("the edit seen by a survivor").atMost(LEASE.multipliedBy(2)).until(() -> drifts(space, 2) == 1);
      assertThat(Duration.between(killed, Instant.now())).isLessThan(LEASE.multipliedBy(2));
      // the takeover's list queues the refresh before its watch is registered, so the drift can come first
      await("exactly one survivor watches").atMost(Duration.ofSeconds(5))
          .until(() -> watched(context).isEmpty() != watched(other).isEmpty());

      try (ServerProcess again = ServerProcess.start(data, settings())) {
        await("the restarted server has its share of the work").atMost(LEASE.multipliedBy(2))
            .until(() -> ownersOfSomething(api).contains(again.port()));
        edit(space, 3);
        await("an edit after the rebalance is seen").atMost(LEASE).until(() -> drifts(space, 3) == 1);

        Set<String> handedBack = owned(api, again.port());
        Instant terminated = Instant.now();
        again.stop(); // SIGTERM, as Kubernetes stops a pod
        assertThat(Duration.between(terminated, Instant.now())).as("exited within the default grace period")
            .isLessThan(Duration.ofSeconds(30));
        await("its work taken before its leases run out").atMost(LEASE.dividedBy(2))
            .until(() -> owned(api, port).size()
                + owned(api, other.getEnvironment().getProperty("local.server.port", Integer.class)).size() == 5 + 1);
        assertThat(handedBack).as("it had work to hand back").isNotEmpty();
      }
      Thread.sleep(LEASE.toMillis() / 3); // time for any second recording to show
      for (int i = 1; i <= UNITS; i++) {
        assertThat(drifts(space, i)).as("drifts recorded of unit %d", i).isEqualTo(i <= 3 ? 1 : 0);
      }
    } finally {
      killable.close();
      if (second != null) {
        second.close();
      }
      if (!here.isRunning()) {
        here.start();
      }
    }
  }

  private void applyUnits(Api api, String space) {
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    for (int i = 1; i <= UNITS; i++) {
      String data = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name(space, i) + "\n  namespace: default\n"
          + "data:\n  setting: original\n";
      Api.Response created = api.post("/api/v1/spaces/" + space + "/units",
          Map.of("slug", "cm-" + i, "data", data, "target", "sandbox"));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
    }
    Api.Response applied = api.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "apply", "waitFor", "none"));
    assertThat(applied.status()).as(applied.body()).isEqualTo(200);
    await("every unit applied").atMost(Duration.ofMinutes(5))
        .until(() -> jdbc.queryForObject("select count(*) from unit u join space s on s.id = u.space_id"
            + " where s.slug = ? and u.live_revision_num > 0", Integer.class, space) == UNITS);
    await("no action left open").atMost(Duration.ofMinutes(2))
        .until(() -> jdbc.queryForObject("select count(*) from unit_action a join unit u on u.id = a.unit_id"
            + " join space s on s.id = u.space_id where s.slug = ? and a.status in ('Pending', 'Running')",
            Integer.class, space) == 0);
  }

  private static String name(String space, int i) {
    return space + "-cm-" + i;
  }

  private static void edit(String space, int i) throws Exception {
    String edited = Kubectl.succeed(Map.of("KUBE_EDITOR", "sed -i s/setting:\\ original/setting:\\ edited/"),
        "edit", "configmap/" + name(space, i), "-n", "default");
    assertThat(edited).contains("edited");
  }

  private int drifts(String space, int i) {
    return jdbc.queryForObject("select count(*) from event where type = 'DriftDetected' and space = ? and unit = ?",
        Integer.class, space, "cm-" + i);
  }

  /** The sandbox's scopes that {@code server} watches (other tests on this database leave targets of their own). */
  @SuppressWarnings("unchecked")
  private static Set<Object> watched(ConfigurableApplicationContext server) {
    Set<Object> scopes = (Set<Object>) ReflectionTestUtils.invokeMethod(server.getBean("liveWatches"), "watchedScopes");
    return scopes.stream()
        .filter(scope -> "sandbox".equals(ReflectionTestUtils.invokeMethod(scope, "target")))
        .collect(Collectors.toSet());
  }

  private static JsonNode owner(Api api, String target) {
    for (JsonNode replica : api.get("/api/v1/replicas").items()) {
      for (JsonNode owned : replica.get("targets")) {
        if (owned.asString().equals(target)) {
          return replica;
        }
      }
    }
    return null;
  }

  private static int port(JsonNode replica) {
    return replica == null ? -1 : replica.get("port").asInt();
  }

  /** The targets and jobs of the live replica on {@code port}. */
  private static Set<String> owned(Api api, int port) {
    Set<String> owned = new HashSet<>();
    for (JsonNode replica : api.get("/api/v1/replicas").items()) {
      if (replica.get("live").asBoolean() && replica.get("port").asInt() == port) {
        replica.get("targets").forEach(name -> owned.add("target:" + name.asString()));
        replica.get("jobs").forEach(name -> owned.add(name.asString()));
      }
    }
    return owned;
  }

  /** The ports of the live replicas that hold at least one lease. */
  private static Set<Integer> ownersOfSomething(Api api) {
    Map<Integer, Integer> owned = new HashMap<>();
    for (JsonNode replica : api.get("/api/v1/replicas").items()) {
      if (replica.get("live").asBoolean()) {
        owned.put(replica.get("port").asInt(), replica.get("targets").size() + replica.get("jobs").size());
      }
    }
    owned.values().removeIf(count -> count == 0);
    return owned.keySet();
  }

  private Map<String, String> settings() throws Exception {
    HikariDataSource database = (HikariDataSource) dataSource;
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spring.datasource.url", database.getJdbcUrl());
    settings.put("spring.datasource.username", database.getUsername());
    settings.put("spring.datasource.password", database.getPassword());
    settings.put("tandem.encryption-key",
        Files.readString(Path.of("target/it-data-real-cluster/encryption.key")).trim());
    settings.put("tandem.live.watch-enabled", "true");
    settings.put("tandem.worker.threads", "1");
    settings.put("tandem.outbound.allowed-networks", "127.0.0.0/8,::1/128");
    settings.put("logging.level.io.tandem.live", "INFO");
    return settings;
  }

  private ConfigurableApplicationContext startSecond() throws Exception {
    List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--tandem.sandbox.enabled=false",
        "--tandem.data-dir=target/it-data-replicas-second-real", "--tandem.security.anonymous=true",
        "--tandem.live.detection-enabled=false"));
    settings().forEach((key, value) -> arguments.add("--" + key + "=" + value));
    return new SpringApplicationBuilder(TandemApplication.class).run(arguments.toArray(String[]::new));
  }
}
