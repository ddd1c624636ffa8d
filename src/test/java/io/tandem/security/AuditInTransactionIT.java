package io.tandem.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A write's audit entry is committed with its change, in the same transaction, and exists exactly when the change
 * does. The transaction is told by PostgreSQL's {@code xmin}: the id of the transaction that inserted a row.
 */
@TandemIT
class AuditInTransactionIT {

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  Api api;
  String unit;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    String space = Api.uniqueSlug("audit");
    api.post("/api/v1/spaces", Map.of("slug", space));
    unit = "/api/v1/spaces/" + space + "/units/payment";
    Map<String, String> payment = Map.of("slug", "payment", "data", Fixtures.paymentService());
    assertThat(api.post("/api/v1/spaces/" + space + "/units", payment).status()).isEqualTo(201);
  }

  @Test
  void aCommittedWritesEntryIsWrittenInTheTransactionOfItsRevision() {
    assertThat(api.patch(unit, Map.of("data", Fixtures.paymentService().replace("replicas: 1", "replicas: 2")))
        .status()).isEqualTo(200);

    assertThat(entries("PATCH")).containsExactly(200);
    assertThat(xmin("select xmin::text from audit_event where path = :path and method = 'PATCH'"))
        .isEqualTo(xmin("select r.xmin::text from revision r join unit u on u.id = r.unit_id"
            + " join space s on s.id = u.space_id where s.slug = :space and u.slug = 'payment' and r.num = 2"));
  }

  @Test
  void aChangeOfMetadataAloneCarriesItsEntryInTheTransactionOfTheUnitsRow() {
    assertThat(api.patch(unit, Map.of("labels", Map.of("tier", "backend"))).status()).isEqualTo(200);

    assertThat(entries("PATCH")).containsExactly(200);
    assertThat(xmin("select xmin::text from audit_event where path = :path and method = 'PATCH'"))
        .isEqualTo(xmin("select u.xmin::text from unit u join space s on s.id = u.space_id"
            + " where s.slug = :space and u.slug = 'payment'"));
  }

  @Test
  void aRefusedWriteChangesNothingAndIsAuditedWithItsRefusal() {
    String data = Fixtures.paymentService().replace("replicas: 1", "replicas: 4");

    assertThat(api.patch(unit, Map.of("data", data), "If-Match", "\"7\"").status()).isEqualTo(412);

    assertThat(entries("PATCH")).containsExactly(412);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void anEntryWrittenAtACommitThatFailsGoesWithTheChangeAndTheFailureIsAuditedInstead() {
    // a check PostgreSQL runs at commit, after the entry was written: the commit fails, and takes both with it
    jdbc.sql("create or replace function audit_it_refuse() returns trigger language plpgsql as $$"
        + " begin raise exception 'refused at commit'; end $$").update();
    jdbc.sql("create constraint trigger audit_it_refuse after insert on revision deferrable initially deferred"
        + " for each row when (new.description = 'refuse at commit') execute function audit_it_refuse()").update();
    try {
      int status = api.patch(unit, Map.of("data", Fixtures.paymentService().replace("replicas: 1", "replicas: 3"),
          "changeDescription", "refuse at commit")).status();

      assertThat(status).isEqualTo(500);
      assertThat(entries("PATCH")).containsExactly(500);
      assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    } finally {
      jdbc.sql("drop trigger audit_it_refuse on revision").update();
      jdbc.sql("drop function audit_it_refuse()").update();
    }
  }

  @Test
  void aWriteFromThisServersLastWriteOfTheUnitCommitsItsEntryWithItsRevision() {
    assertThat(api.putYaml(unit + "/data", payment(2)).status()).isEqualTo(200);
    // the second write is computed from what the first left on this server: one statement, outside a transaction
    assertThat(api.putYaml(unit + "/data", payment(3)).status()).isEqualTo(200);

    assertThat(entries("PUT")).containsExactly(200, 200);
    List<String> entryTransactions = jdbc.sql("select xmin::text from audit_event where path = :path and method = 'PUT'"
        + " order by id").param("path", unit + "/data").query(String.class).list();
    assertThat(entryTransactions).containsExactly(revisionTransaction(2), revisionTransaction(3));
  }

  @Test
  void aRefusedWriteAfterThisServersLastWriteChangesNothingAndIsAuditedWithItsRefusal() {
    assertThat(api.putYaml(unit + "/data", payment(2)).status()).isEqualTo(200);

    Api.Response stale = api.putYaml(unit + "/data", payment(3), "If-Match", "\"1\"");
    Api.Response broken = api.putYaml(unit + "/data", "kind: [unclosed");

    assertThat(stale.status()).isEqualTo(412);
    assertThat(broken.status()).isEqualTo(400);
    assertThat(broken.header("Content-Type")).startsWith("application/problem+json");
    assertThat(broken.json().path("code").asString()).isEqualTo("invalid-yaml");
    assertThat(entries("PUT")).containsExactly(200, 412, 400);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(2);
    assertThat(api.get(unit + "/data").body()).isEqualTo(payment(2));
  }

  @Test
  void aWriteFromThisServersLastWriteThatFailsAtItsCommitLeavesNoEntryOfSuccessAndTheUnitWritable() {
    assertThat(api.putYaml(unit + "/data", payment(2)).status()).isEqualTo(200);
    jdbc.sql("create or replace function audit_it_refuse() returns trigger language plpgsql as $$"
        + " begin raise exception 'refused at commit'; end $$").update();
    jdbc.sql("create constraint trigger audit_it_refuse after insert on revision deferrable initially deferred"
        + " for each row when (new.num = 3) execute function audit_it_refuse()").update();
    try {
      assertThat(api.putYaml(unit + "/data", payment(3)).status()).isEqualTo(500);
    } finally {
      jdbc.sql("drop trigger audit_it_refuse on revision").update();
      jdbc.sql("drop function audit_it_refuse()").update();
    }
    assertThat(entries("PUT")).containsExactly(200, 500);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(2);

    assertThat(api.putYaml(unit + "/data", payment(4)).status()).isEqualTo(200);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(3);
    assertThat(entries("PUT")).containsExactly(200, 500, 200);
  }

  @Test
  void theAuditLogIsFilteredByTheTimeOfItsEntries() {
    assertThat(api.patch(unit, Map.of("data", Fixtures.paymentService().replace("replicas: 1", "replicas: 5")))
        .status()).isEqualTo(200);
    Instant at = jdbc.sql("select at from audit_event where path = :path and method = 'PATCH'").param("path", unit)
        .query(OffsetDateTime.class).single().toInstant();

    assertThat(auditPaths("At >= '" + at + "' AND Path = '" + unit + "'")).containsExactly(unit);
    assertThat(auditPaths("At < '" + at + "' AND Path = '" + unit + "'")).isEmpty();
  }

  @Test
  void aRestoreARetargetAndADriftModeChangeAreTellableApartInTheAuditLog() {
    assertThat(api.patch(unit, Map.of("data", payment(2))).status()).isEqualTo(200);
    assertThat(api.patch(unit + "?restore=1", Map.of()).status()).isEqualTo(200);
    assertThat(api.patch(unit, Map.of("target", "sandbox")).status()).isEqualTo(200);
    assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);
    api.post(unit + "/apply", null); // queued or refused (another test's unit may hold default/paymentservice): audited either way

    List<String> said = api.get("/api/v1/audit?where=" + URLEncoder.encode("Path LIKE '" + unit + "%'", StandardCharsets.UTF_8))
        .json().path("items").valueStream().map(entry -> entry.path("operation").asString() + " "
            + entry.path("detail").asString("-")).toList();

    assertThat(said).containsExactly("applyUnit -", "SetDriftMode driftMode: Capture", "SetTarget target: sandbox",
        "RestoreRevision revision 1", "UpdateData data");
    assertThat(auditPaths("Operation = 'RestoreRevision' AND Path = '" + unit + "'")).containsExactly(unit);
  }

  private List<String> auditPaths(String where) {
    return api.get("/api/v1/audit?where=" + URLEncoder.encode(where, StandardCharsets.UTF_8)).json().path("items")
        .valueStream().map(entry -> entry.path("path").asString()).toList();
  }

  private List<Integer> entries(String method) {
    return jdbc.sql("select status from audit_event where path = :path and method = :method order by id")
        .param("path", method.equals("PUT") ? unit + "/data" : unit).param("method", method).query(Integer.class).list();
  }

  private static String payment(int replicas) {
    return Fixtures.paymentService().replace("replicas: 1", "replicas: " + replicas);
  }

  private String revisionTransaction(int num) {
    return jdbc.sql("select r.xmin::text from revision r join unit u on u.id = r.unit_id join space s on s.id = u.space_id"
            + " where s.slug = :space and u.slug = 'payment' and r.num = :num")
        .param("space", unit.split("/")[4]).param("num", num).query(String.class).single();
  }

  private String xmin(String sql) {
    String space = unit.split("/")[4];
    return jdbc.sql(sql).params(Map.of("path", unit, "space", space)).query(String.class).single();
  }
}
