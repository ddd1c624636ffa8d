package io.tandem.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.TandemApplication;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import io.tandem.unit.domain.ContinuousApply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Several servers on one database run the reconcile loop at once: each new head revision of a unit in Continuous mode
 * is queued, and applied, exactly once.
 */
@TandemIT
class ContinuousApplyReplicasIT {

  static final int UNITS = 12;
  private static ConfigurableApplicationContext second;

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired DataSource dataSource;
  @Autowired ContinuousApply continuous;
  Api api;
  String space;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("replicas");
    units = "/api/v1/spaces/" + space + "/units";
    api.post("/api/v1/spaces", Map.of("slug", space));
    api.patch("/api/v1/spaces/" + space, Map.of("applyMode", "Continuous"));
    if (second == null) {
      HikariDataSource database = (HikariDataSource) dataSource;
      second = new SpringApplicationBuilder(TandemApplication.class)
          .run("--server.port=0", "--tandem.security.anonymous=true", "--spring.datasource.url=" + database.getJdbcUrl(),
              "--tandem.encryption-key=" + ApplyIT.encryptionKey(),
              "--spring.datasource.username=" + database.getUsername(),
              "--spring.datasource.password=" + database.getPassword(), "--tandem.sandbox.enabled=false",
              "--tandem.data-dir=target/it-data-continuous-second", "--tandem.worker.threads=2",
              "--tandem.live.watch-enabled=false", "--tandem.live.detection-enabled=false",
              // it looks more often than the first server, so that the two race
              "--tandem.reconcile.interval=50ms", "--tandem.reconcile.retry-base=1s", "--tandem.reconcile.retry-cap=4s",
              "--tandem.outbound.allowed-networks=127.0.0.0/8,::1/128");
    }
  }

  @AfterAll
  static void stopTheSecondServer() {
    if (second != null) {
      second.close();
    }
  }

  String data(int unit, int revision) {
    return Fixtures.paymentService().replace("name: paymentservice\n", "name: svc" + unit + "\n  namespace: " + space + "\n")
        .replace("memory: 128Mi", "memory: " + (128 + revision) + "Mi");
  }

  /** How many applies of each revision each unit had: {@code unit -> [count of revision 1, 2, …]}. */
  void assertEachRevisionAppliedOnce(int revisions) {
    for (int i = 0; i < UNITS; i++) {
      for (int revision = 1; revision <= revisions; revision++) {
        Integer applies = jdbc.queryForObject("select count(*) from unit_action a join unit u on u.id = a.unit_id"
            + " join space s on s.id = u.space_id where s.slug = ? and u.slug = ? and a.action = 'Apply' and a.revision_num = ?",
            Integer.class, space, "svc" + i, revision);
        assertThat(applies).as("applies of revision %d of svc%d", revision, i).isEqualTo(1);
      }
    }
  }

  void allLiveAt(int revision) {
    await("every unit live at revision " + revision).atMost(Duration.ofSeconds(60))
        .until(() -> jdbc.queryForObject("select count(*) from unit u join space s on s.id = u.space_id"
            + " where s.slug = ? and u.live_revision_num = ?", Integer.class, space, revision) == UNITS);
  }

  @Test
  void twoServersApplyEachNewRevisionExactlyOnce() {
    for (int i = 0; i < UNITS; i++) {
      assertThat(api.post(units, Map.of("slug", "svc" + i, "data", data(i, 1), "target", "sandbox")).status()).isEqualTo(201);
    }
    allLiveAt(1);
    for (int revision = 2; revision <= 3; revision++) {
      for (int i = 0; i < UNITS; i++) {
        assertThat(api.patch(units + "/svc" + i, Map.of("data", data(i, revision))).status()).isEqualTo(200);
      }
      allLiveAt(revision);
    }

    assertEachRevisionAppliedOnce(3);
  }

  @Test
  void passesRunAtOnceQueueOneApplyPerRevision() throws Exception {
    jdbc.update("update space set suspended_at = now(), suspended_by = 'test', suspended_reason = 'hold' where slug = ?", space);
    for (int i = 0; i < UNITS; i++) {
      api.post(units, Map.of("slug", "svc" + i, "data", data(i, 1), "target", "sandbox"));
    }
    // the head is wanted while the space is held, then both servers' loops and eight more passes race for the queue
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> passes = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        passes.add(threads.submit(() -> {
          start.await();
          for (int pass = 0; pass < 5; pass++) {
            continuous.pass();
          }
          return null;
        }));
      }
      jdbc.update("update space set suspended_at = null where slug = ?", space);
      start.countDown();
      for (Future<?> pass : passes) {
        pass.get();
      }
    } finally {
      threads.shutdown();
    }
    allLiveAt(1);

    assertEachRevisionAppliedOnce(1);
  }
}
