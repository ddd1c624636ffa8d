package io.tandem.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.StatementLog;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * An invocation reads its units together, a few dozen a query, and writes each changed unit in one statement that
 * commits by itself: no lock taken first, no transaction of its own. The request's audit entry goes with the first
 * write.
 *
 * <p>The log sees the request's own thread only, so this server changes the units one after another (parallel-units
 * 1); the statements are the same on helper threads, and {@code UnitConcurrencyIT} covers the parallel writes.
 */
@TandemIT
@Import(StatementLog.Configuration.class)
@TestPropertySource(properties = {"tandem.data-dir=target/it-data-function-statements",
    "tandem.functions.parallel-units=1"})
class FunctionStatementsIT {

  @LocalServerPort int port;

  @Test
  void anInvocationOverFortyUnitsReadsThemTogetherAndWritesEachInOneStatement() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("fn-sql");
    api.post("/api/v1/spaces", Map.of("slug", space));
    for (int i = 0; i < 40; i++) {
      String data = Fixtures.paymentService().replace("name: paymentservice", "name: svc-" + i);
      assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "svc-" + i, "data", data)).status())
          .isEqualTo(201);
    }
    String path = "/api/v1/spaces/" + space + "/functions/invoke";
    StatementLog.clear();

    Api.Response response = api.post(path, Map.of("functions", List.of(Map.of("name", "set-image", "args",
        List.of("server", "payments:2")))));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    assertThat(response.json().path("results").values()).hasSize(40)
        .allSatisfy(result -> assertThat(result.path("revisionNum").asInt()).isEqualTo(2));
    List<String> statements = StatementLog.withTransactions(path);
    List<String> writes = statements.stream().filter(sql -> sql.startsWith("with u as (update unit")).toList();
    assertThat(writes).hasSize(40);
    assertThat(writes).filteredOn(sql -> sql.contains("insert into audit_event")).hasSize(1);
    assertThat(statements).noneMatch(sql -> sql.contains("for update"));
    assertThat(statements).filteredOn(sql -> sql.contains("u.slug = any(")).hasSize(2);
  }
}
