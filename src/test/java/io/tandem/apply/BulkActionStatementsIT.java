package io.tandem.apply;

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
import tools.jackson.databind.JsonNode;

/**
 * A bulk apply or refresh runs as many SQL statements for forty units as for four: the units, gates, approvals,
 * grants and object owners are read once for the request, and the actions are queued in one statement.
 */
@TandemIT
@Import(StatementLog.Configuration.class)
@TestPropertySource(properties = "tandem.data-dir=target/it-data-statements")
class BulkActionStatementsIT {

  @LocalServerPort int port;

  @Test
  void aBulkApplyOfFortyUnitsRunsNoMoreStatementsThanOfFour() {
    List<String> few = statementsOfBulk("apply", 4);
    List<String> many = statementsOfBulk("apply", 40);

    assertThat(many).hasSameSizeAs(few);
  }

  @Test
  void aBulkRefreshOfFortyUnitsRunsNoMoreStatementsThanOfFour() {
    List<String> few = statementsOfBulk("refresh", 4);
    List<String> many = statementsOfBulk("refresh", 40);

    assertThat(many).hasSameSizeAs(few);
  }

  /** The statements of one bulk request over a new space of {@code count} units, each queued. */
  private List<String> statementsOfBulk(String action, int count) {
    Api api = new Api(port);
    String space = Api.uniqueSlug("bulk-sql");
    api.post("/api/v1/spaces", Map.of("slug", space));
    for (int i = 0; i < count; i++) {
      String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: svc-" + i + "\n  namespace: " + space + "\n");
      assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "svc-" + i, "data", data, "target", "sandbox"))
          .status()).isEqualTo(201);
    }
    String path = "/api/v1/spaces/" + space + "/actions";
    StatementLog.clear();
    Api.Response response = api.post(path, Map.of("action", action));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    List<JsonNode> results = response.json().path("results").values().stream().toList();
    assertThat(results).hasSize(count).allSatisfy(result -> assertThat(result.path("action").path("status").asString())
        .isIn("Pending", "Running", "Completed"));
    return StatementLog.of(path);
  }
}
