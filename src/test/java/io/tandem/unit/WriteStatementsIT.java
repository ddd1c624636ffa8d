package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.StatementLog;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A write finds its unit's head text by the hash kept on the unit's row, in the server's cache of contents, rather
 * than reading revision and blob again; the hash follows the head through every kind of change.
 */
@TandemIT
@Import(StatementLog.Configuration.class)
@TestPropertySource(properties = "tandem.data-dir=target/it-data-write-statements")
class WriteStatementsIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void aSecondWriteOfAUnitReadsNoContentAndTheHeadHashFollowsEveryChange() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("writes");
    String data = Fixtures.paymentService();
    String unit = spaceWithUnit(api, space, data);
    assertThat(headsOutOfStep(space)).isZero();

    for (String replicas : List.of("2", "3")) {
      StatementLog.clear();
      Api.Response put = api.send("PUT", unit + "/data", "application/yaml", data.replace("replicas: 1\n", "replicas: " + replicas + "\n"));
      assertThat(put.status()).as(put.body()).isEqualTo(200);
      assertThat(StatementLog.of(unit + "/data")).as("the statements of the update")
          .noneMatch(sql -> sql.startsWith("select") && sql.contains("content_blob"));
      assertThat(headsOutOfStep(space)).isZero();
    }
    assertThat(api.patch(unit + "?restore=1", Map.of()).status()).isEqualTo(200);
    assertThat(headsOutOfStep(space)).isZero();
    assertThat(api.patch(unit, Map.of("labels", Map.of("tier", "backend"))).status()).isEqualTo(200);
    assertThat(headsOutOfStep(space)).isZero();
    assertThat(api.get(unit + "/data").body()).isEqualTo(data);
    assertThat(jdbc.queryForObject("select head_revision_num from unit where slug = 'payments' and space_id ="
        + " (select id from space where slug = ?)", Integer.class, space)).isEqualTo(4);
  }

  @Test
  void aChangeIsOneStatementWhoseRowsAreAlsoItsAnswer() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("writes");
    String data = Fixtures.paymentService();
    String unit = spaceWithUnit(api, space, data);
    addPlaceholderTrigger(api, space);

    // gated, then no longer gated (GateClosed), then a change of metadata alone: each answer is what a read shows
    String gated = data.replace("paymentservice:v0.10.2", "confighubplaceholder");
    for (String next : List.of(gated, data)) {
      StatementLog.clear();
      Api.Response put = api.send("PUT", unit + "/data", "application/yaml", next);
      assertThat(put.status()).as(put.body()).isEqualTo(200);
      List<String> statements = StatementLog.of(unit + "/data");
      List<String> writes = statements.stream()
          .filter(sql -> sql.startsWith("with") || sql.startsWith("insert") || sql.startsWith("update")).toList();
      assertThat(writes).as("the writes of the update: the change, which carries its audit entry, and no read after it")
          .hasSize(1);
      assertThat(writes.get(0))
          .contains("insert into revision", "insert into revision_gate", "update unit", "insert into audit_event", "select");
      assertThat(statements.get(statements.size() - 1)).isEqualTo(writes.get(0));
      assertSameAsRead(api, put, unit);
    }
    Api.Response labelled = api.patch(unit, Map.of("labels", Map.of("tier", "backend")));
    assertThat(labelled.status()).as(labelled.body()).isEqualTo(200);
    assertSameAsRead(api, labelled, unit);
    assertThat(labelled.json().path("applyGates").size()).isZero();
    assertThat(jdbc.queryForList("select type from event where space = ? order by id", String.class, space))
        .containsExactly("RevisionCreated", "RevisionCreated", "GateOpened", "RevisionCreated", "GateClosed");
  }

  @Test
  void aChangeOfMetadataAloneAnswersWithTheGatesAndApprovalsOfTheHeadItKeeps() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("writes");
    String data = Fixtures.paymentService();
    String unit = spaceWithUnit(api, space, data);
    addPlaceholderTrigger(api, space);
    put(api, unit, data.replace("paymentservice:v0.10.2", "confighubplaceholder"));
    assertThat(api.post(unit + "/approve", null).json().path("approvedBy").size()).isEqualTo(1);

    Api.Response labelled = api.patch(unit, Map.of("labels", Map.of("tier", "backend")));

    assertThat(labelled.status()).as(labelled.body()).isEqualTo(200);
    assertThat(labelled.json().path("applyGates").size()).isEqualTo(1);
    assertThat(labelled.json().path("approvedBy").size()).isEqualTo(1);
    assertSameAsRead(api, labelled, unit);
  }

  @Test
  void aWriteFromThisServersLastWriteOfTheUnitIsOneStatementOutsideATransaction() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("writes");
    String data = Fixtures.paymentService();
    String unit = spaceWithUnit(api, space, data);

    put(api, unit, data.replace("replicas: 1\n", "replicas: 2\n"));
    assertThat(StatementLog.withTransactions(unit + "/data")).as("the first write here: under the lock, in a transaction")
        .startsWith("-- begin").endsWith("-- commit").anyMatch(sql -> sql.contains("for update"));
    put(api, unit, data.replace("replicas: 1\n", "replicas: 3\n"));
    List<String> second = StatementLog.withTransactions(unit + "/data");
    assertThat(second).as("the second, from what the first left: one statement that commits by itself").hasSize(1);
    assertThat(second.get(0)).contains("update unit", "insert into revision", "insert into audit_event");
    StatementLog.clear();
    assertThat(api.patch(unit, Map.of("labels", Map.of("tier", "backend"))).status()).isEqualTo(200);
    assertThat(StatementLog.withTransactions(unit)).as("a change of metadata alone, the same way").hasSize(1);
  }

  @Test
  void theTriggerListIsReadOncePerVersionAndAChangeFromAnywhereIsSeenByTheNextWrite() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("writes");
    String data = Fixtures.paymentService();
    String gated = data.replace("paymentservice:v0.10.2", "confighubplaceholder");
    String unit = spaceWithUnit(api, space, data);
    put(api, unit, data.replace("replicas: 1\n", "replicas: 2\n"));
    assertThat(triggerReads(unit)).as("the space's first write on this server").isEqualTo(1);
    put(api, unit, data.replace("replicas: 1\n", "replicas: 3\n"));
    assertThat(triggerReads(unit)).as("a write that finds the list cached at its version").isZero();

    addPlaceholderTrigger(api, space);
    assertThat(put(api, unit, gated).path("applyGates").size()).isEqualTo(1);
    assertThat(triggerReads(unit)).as("the first write after a change reads the list").isEqualTo(1);
    assertThat(put(api, unit, data).path("applyGates").size()).isZero();
    assertThat(triggerReads(unit)).isZero();

    // as another server would: the row changed in the database, not through this server
    jdbc.update("update trigger set disabled = true where slug = 'complete'"
        + " and space_id = (select id from space where slug = ?)", space);
    assertThat(put(api, unit, gated).path("applyGates").size()).isZero();
    jdbc.update("update trigger set disabled = false where slug = 'complete'"
        + " and space_id = (select id from space where slug = ?)", space);
    assertThat(put(api, unit, data).path("applyGates").size()).isZero();
    assertThat(put(api, unit, gated).path("applyGates").size()).isEqualTo(1);
  }

  private static JsonNode put(Api api, String unit, String data) {
    StatementLog.clear();
    Api.Response put = api.send("PUT", unit + "/data", "application/yaml", data);
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    return put.json();
  }

  private static long triggerReads(String unit) {
    return StatementLog.of(unit + "/data").stream().filter(sql -> sql.contains("from trigger t")
        || sql.contains("join trigger t")).count();
  }

  /** A new space with the unit payments holding {@code data}; the unit's path. */
  private static String spaceWithUnit(Api api, String space, String data) {
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    Api.Response created = api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "payments", "data", data));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    return "/api/v1/spaces/" + space + "/units/payments";
  }

  /** A trigger that gates data holding the placeholder confighubplaceholder. */
  private static void addPlaceholderTrigger(Api api, String space) {
    assertThat(api.post("/api/v1/spaces/" + space + "/triggers",
        Map.of("slug", "complete", "function", "vet-placeholders", "args", List.of())).status()).isEqualTo(201);
  }

  /** The answer to a change is what a read of the unit shows after it, ETag included. */
  private static void assertSameAsRead(Api api, Api.Response written, String unit) {
    Api.Response read = api.get(unit);
    assertThat(written.json()).isEqualTo(read.json());
    assertThat(written.header("ETag")).isEqualTo(read.header("ETag"));
  }

  /** Units of {@code space} whose kept head hash is not their head revision's. */
  private int headsOutOfStep(String space) {
    return jdbc.queryForObject("select count(*) from unit u join space s on s.id = u.space_id join revision r"
        + " on r.unit_id = u.id and r.num = u.head_revision_num where s.slug = ? and u.head_sha256 is distinct from"
        + " r.content_sha256", Integer.class, space);
  }
}
