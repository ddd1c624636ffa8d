package io.tandem.replica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.TandemApplication;
import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** Two servers on one database divide the singleton jobs, and a stopping one hands its share back at once. */
@TandemIT
@TestPropertySource(properties = {"tandem.data-dir=target/it-data-replicas", "tandem.replicas.lease-period=3s"})
class ReplicasIT {

  @LocalServerPort int port;
  @Autowired DataSource dataSource;

  @Test
  void twoReplicasShareTheJobsAndTheSurvivorTakesTheLeaverSShareAtOnce() throws Exception {
    Api here = new Api(port);
    ConfigurableApplicationContext second = startSecond();
    int secondPort = ((WebServerApplicationContext) second).getWebServer().getPort();
    try {
      assertThat(jobsByPort(here)).as("a started replica shows with its port at once").containsKey(secondPort);
      Map<Integer, List<String>> shared = await("both replicas own jobs").atMost(Duration.ofSeconds(10))
          .until(() -> jobsByPort(here), owners -> owners.keySet().equals(Set.of(port, secondPort))
              && owners.values().stream().allMatch(jobs -> jobs.size() >= 1));
      List<String> all = new ArrayList<>();
      shared.values().forEach(all::addAll);
      assertThat(all).as("each job has one owner").doesNotHaveDuplicates()
          .contains("git-mirror", "webhooks", "event-retention", "target-health", "session-cleanup", "git-origins");
      assertThat(shared.get(port).size() - shared.get(secondPort).size()).isBetween(-1, 1);

      JsonNode replica = here.get("/api/v1/replicas").items().get(0);
      assertThat(replica.get("pid").asLong()).isPositive();
      assertThat(replica.get("host").asText()).isNotBlank();
      assertThat(replica.get("live").asBoolean()).isTrue();
    } finally {
      second.close();
    }
    long stopped = System.nanoTime();
    await("the survivor owns every job").atMost(Duration.ofSeconds(3))
        .until(() -> jobsByPort(here), owners -> owners.keySet().equals(Set.of(port)) && owners.get(port).size() == 6);
    assertThat(Duration.ofNanos(System.nanoTime() - stopped)).as("before the leaver's leases could have run out")
        .isLessThan(Duration.ofSeconds(3));
  }

  private ConfigurableApplicationContext startSecond() {
    HikariDataSource database = (HikariDataSource) dataSource;
    return new SpringApplicationBuilder(TandemApplication.class)
        .run("--server.port=0", "--spring.datasource.url=" + database.getJdbcUrl(),
            "--spring.datasource.username=" + database.getUsername(),
            "--spring.datasource.password=" + database.getPassword(), "--tandem.sandbox.enabled=false",
            "--tandem.data-dir=target/it-data-replicas-second", "--tandem.worker.threads=1",
            "--tandem.replicas.lease-period=3s", "--tandem.security.anonymous=true",
            "--tandem.live.watch-enabled=false", "--tandem.live.detection-enabled=false");
  }

  private static Map<Integer, List<String>> jobsByPort(Api api) {
    Map<Integer, List<String>> jobs = new HashMap<>();
    for (JsonNode replica : api.get("/api/v1/replicas").items()) {
      if (replica.get("live").asBoolean()) {
        List<String> names = new ArrayList<>();
        replica.get("jobs").forEach(job -> names.add(job.asText()));
        jobs.put(replica.get("port").asInt(), names);
      }
    }
    return jobs;
  }
}
