package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.SecondServer;
import io.tandem.support.StatementLog;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Writes of one unit through two servers on one database, as replicas behind one Service. A server computes a write
 * from the unit as its own last write left it, without locking the row, and its statement writes only if the row is
 * still that one; when anything wrote the row since (the other server, a worker, a column that keeps the version), it
 * writes nothing, and the change is computed again under the lock. Statements are logged on this test's server only.
 */
@TandemIT
@Import(StatementLog.Configuration.class)
@TestPropertySource(properties = "tandem.data-dir=target/it-data-writes-across-servers")
class WritesAcrossServersIT {

  private static final int CLIENTS_PER_SERVER = 6;
  private static final int WRITES_PER_CLIENT = 4;
  private static ConfigurableApplicationContext second;

  @LocalServerPort int port;
  @Autowired DataSource dataSource;
  @Autowired JdbcTemplate jdbc;
  Api here;
  Api there;
  String space;
  String unit;

  @BeforeEach
  void setUp() {
    if (second == null) {
      second = SecondServer.start(dataSource, "target/it-data-writes-across-servers-second",
          "--tandem.security.anonymous=true");
    }
    here = new Api(port);
    there = new Api(SecondServer.port(second));
    space = Api.uniqueSlug("replicas");
    assertThat(here.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    unit = "/api/v1/spaces/" + space + "/units/payment";
    Api.Response created =
        here.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "payment", "data", Fixtures.paymentService()));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
  }

  @AfterAll
  static void stopTheSecondServer() {
    if (second != null) {
      second.close();
    }
  }

  @Test
  void aWriteAfterThisServersOwnTakesNoLockAndOneAfterTheOtherServersIsComputedFromItsHead() {
    assertThat(put(here, replicas(2)).path("headRevisionNum").asInt()).isEqualTo(2);
    assertThat(put(here, replicas(3)).path("headRevisionNum").asInt()).isEqualTo(3);
    assertThat(StatementLog.of(unit + "/data")).as("a write after this server's own")
        .noneMatch(sql -> sql.contains("for update"));

    assertThat(put(there, replicas(4)).path("headRevisionNum").asInt()).isEqualTo(4);
    assertThat(put(here, replicas(5)).path("headRevisionNum").asInt()).isEqualTo(5);
    List<String> statements = StatementLog.of(unit + "/data");
    assertThat(statements).as("the write from what this server remembered, which wrote nothing, then the lock and the"
        + " write").filteredOn(sql -> sql.contains("update unit set")).hasSize(2);
    assertThat(statements).filteredOn(sql -> sql.contains("for update")).hasSize(1);
    assertThat(here.get(unit + "/revisions/5").json().path("mutations").toString())
        .as("the change from revision 4").contains("\"path\":\"spec.replicas\"");

    assertThat(put(there, replicas(6)).path("headRevisionNum").asInt()).isEqualTo(6);
    // the data of this server's last write: a change from revision 6, not "nothing to do" from what it remembers
    assertThat(put(here, replicas(5)).path("headRevisionNum").asInt()).isEqualTo(7);
    assertThat(StatementLog.of(unit + "/data")).anyMatch(sql -> sql.contains("for update"));

    for (int num = 2; num <= 7; num++) {
      assertThat(here.get(unit + "/data?revision=" + num).body()).isEqualTo(replicas(num == 7 ? 5 : num));
    }
    assertThat(revisionNumbers()).containsExactly(7, 6, 5, 4, 3, 2, 1);
    assertThat(jdbc.queryForObject("select count(*) from audit_event where path = ? and method = 'PUT' and status = 200",
        Long.class, unit + "/data")).as("one audit entry per write").isEqualTo(6);
  }

  @Test
  void ifMatchIsCheckedAgainstTheRowNotAgainstWhatThisServerRemembers() {
    long version = put(here, replicas(2)).path("version").asLong();
    Api.Response labelled = there.patch(unit, Map.of("labels", Map.of("tier", "backend")));
    assertThat(labelled.status()).as(labelled.body()).isEqualTo(200);

    Api.Response stale = here.putYaml(unit + "/data", replicas(3), "If-Match", "\"" + version + "\"");
    assertThat(stale.status()).as(stale.body()).isEqualTo(412);
    assertThat(stale.code()).isEqualTo("precondition-failed");
    assertThat(revisionNumbers()).containsExactly(2, 1);

    Api.Response current = here.putYaml(unit + "/data", replicas(3), "If-Match", "\"" + (version + 1) + "\"");
    assertThat(current.status()).as(current.body()).isEqualTo(200);
    assertThat(current.json().path("labels").path("tier").asString()).isEqualTo("backend");
    assertThat(revisionNumbers()).containsExactly(3, 2, 1);
  }

  @Test
  void aRowChangedWithoutANewVersionIsNotWrittenFromWhatThisServerRemembers() {
    put(here, replicas(2));
    // as the reconciliation loop's settings change: the row changes, its version does not
    jdbc.update("update unit set apply_mode = 'Continuous' where slug = 'payment' and space_id ="
        + " (select id from space where slug = ?)", space);

    assertThat(put(here, replicas(3)).path("applyMode").asString()).isEqualTo("Continuous");
    assertThat(StatementLog.of(unit + "/data")).anyMatch(sql -> sql.contains("for update"));
    assertThat(put(here, replicas(4)).path("headRevisionNum").asInt()).isEqualTo(4);
    assertThat(StatementLog.of(unit + "/data")).noneMatch(sql -> sql.contains("for update"));
  }

  @Test
  void concurrentWritersOnBothServersEachGetTheirOwnRevision() throws Exception {
    // each client writes a few times in a row, so that its server often writes from what it remembers
    List<Api.Response> responses = concurrently(client -> {
      List<Api.Response> answers = new ArrayList<>();
      for (int write = 0; write < WRITES_PER_CLIENT; write++) {
        Api api = client % 2 == 0 ? here : there;
        answers.add(api.putYaml(unit + "/data", replicas(2 + client * WRITES_PER_CLIENT + write)));
      }
      return answers;
    });

    assertThat(responses).allSatisfy(response -> assertThat(response.status()).as(response.toString()).isEqualTo(200));
    int writes = 2 * CLIENTS_PER_SERVER * WRITES_PER_CLIENT;
    assertThat(responses.stream().map(response -> response.json().path("headRevisionNum").asInt()))
        .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(2, writes + 1).boxed().toList());
    assertThat(revisionNumbers())
        .containsExactlyElementsOf(IntStream.rangeClosed(1, writes + 1).map(i -> writes + 2 - i).boxed().toList());
    List<String> stored = new ArrayList<>();
    for (int num = 2; num <= writes + 1; num++) {
      stored.add(here.get(unit + "/data?revision=" + num).body());
    }
    assertThat(stored).as("every writer's data is some revision: none was lost")
        .containsExactlyInAnyOrderElementsOf(IntStream.range(0, writes).mapToObj(c -> replicas(c + 2)).toList());
    assertThat(jdbc.queryForObject("select count(*) from audit_event where path = ? and method = 'PUT' and status = 200",
        Long.class, unit + "/data")).isEqualTo(writes);
  }

  private JsonNode put(Api api, String data) {
    StatementLog.clear();
    Api.Response put = api.putYaml(unit + "/data", data);
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    return put.json();
  }

  private List<Integer> revisionNumbers() {
    return here.get(unit + "/revisions?limit=1000").items().stream().map(item -> item.path("num").asInt()).toList();
  }

  private static String replicas(int replicas) {
    return Fixtures.paymentService().replace("replicas: 1", "replicas: " + replicas);
  }

  private interface Client {
    List<Api.Response> run(int client);
  }

  /** Starts every client at the same moment, half on each server, and waits for all of them. */
  private static List<Api.Response> concurrently(Client client) throws Exception {
    int clients = 2 * CLIENTS_PER_SERVER;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Api.Response>>> futures = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        int id = i;
        futures.add(pool.submit(() -> {
          start.await();
          return client.run(id);
        }));
      }
      start.countDown();
      List<Api.Response> responses = new ArrayList<>();
      for (Future<List<Api.Response>> future : futures) {
        responses.addAll(future.get());
      }
      return responses;
    } finally {
      pool.shutdownNow();
    }
  }
}
