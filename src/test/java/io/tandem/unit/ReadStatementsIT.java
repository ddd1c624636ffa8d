package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.StatementLog;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The reads of units run a fixed number of SQL statements, however much a unit carries (its last action, gates,
 * approvals, change set, upstream) and however many units a page holds. Counted: every statement the request's
 * thread executes, authentication included (the tests' loopback callers are anonymous organisation admins, so no
 * token or role is looked up).
 */
@TandemIT
@Import(StatementLog.Configuration.class)
@TestPropertySource(properties = "tandem.data-dir=target/it-data-statements")
class ReadStatementsIT {

  static final int MOST = 2;

  @LocalServerPort int port;
  Api api;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    String base = Api.uniqueSlug("reads-base");
    String space = Api.uniqueSlug("reads");
    units = "/api/v1/spaces/" + space + "/units";
    created(api.post("/api/v1/spaces", Map.of("slug", base)));
    created(api.post("/api/v1/spaces", Map.of("slug", space)));
    created(api.post("/api/v1/spaces/" + space + "/triggers", Map.of("slug", "complete", "function", "vet-placeholders")));
    for (String slug : List.of("cart", "checkout", "payments")) {
      created(api.post("/api/v1/spaces/" + base + "/units", Map.of("slug", slug, "data", data(space, slug))));
      created(api.post(units, Map.of("slug", slug, "target", "sandbox", "upstream", Map.of("space", base, "unit", slug))));
      Api.Response applied = api.post(units + "/" + slug + "/apply?wait=30", null);
      assertThat(applied.json().path("result").asString()).as(applied.body()).isEqualTo("ApplyCompleted");
      api.patch(units + "/" + slug, Map.of("data", data(space, slug).replace("paymentservice:v0.10.2", "confighubplaceholder")));
      assertThat(api.post(units + "/" + slug + "/approve", null).status()).isEqualTo(200);
    }
    created(api.post("/api/v1/spaces/" + space + "/change-sets", Map.of("slug", "sale", "units", List.of("cart", "payments"))));
    StatementLog.clear();
  }

  static String data(String space, String name) {
    return Fixtures.paymentService().replace("name: paymentservice\n", "name: " + name + "\n  namespace: " + space + "\n");
  }

  static void created(Api.Response response) {
    assertThat(response.status()).as(response.body()).isEqualTo(201);
  }

  List<String> statementsOf(String path) {
    Api.Response response = api.get(path);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return StatementLog.of(path);
  }

  @Test
  void aUnitWithEverythingItCarriesIsReadInAtMostTwoStatements() {
    JsonNode unit = api.get(units + "/payments").json();
    assertThat(unit.path("status").path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(unit.path("applyGates").get(0).path("trigger").asString()).isEqualTo("complete");
    assertThat(unit.path("approvedBy").get(0).asString()).isEqualTo("anonymous");
    assertThat(unit.path("changeSet").asString()).isEqualTo("sale");
    assertThat(unit.path("upstream").path("baseRevisionNum").asInt()).isEqualTo(1);

    List<String> statements = statementsOf(units + "/payments");

    assertThat(statements).as(String.join("\n", statements)).isNotEmpty().hasSizeLessThanOrEqualTo(MOST);
  }

  @Test
  void aPageOfUnitsIsReadInAtMostTwoStatementsWhateverItsLength() {
    assertThat(api.get(units).json().path("items").size()).isEqualTo(3);

    for (String path : List.of(units, units + "?include=data", units + "?where=ApplyGated%20%3D%20true&limit=2",
        units + "?where=ChangeSet%20%3D%20'sale'")) {
      List<String> statements = statementsOf(path);

      assertThat(statements).as(path + ":\n" + String.join("\n", statements)).isNotEmpty().hasSizeLessThanOrEqualTo(MOST);
    }
  }

  @Test
  void aUnitsRevisionsAreListedInAtMostTwoStatements() {
    assertThat(api.get(units + "/payments/revisions").json().path("items").size()).isEqualTo(2);

    List<String> statements = statementsOf(units + "/payments/revisions");

    assertThat(statements).as(String.join("\n", statements)).isNotEmpty().hasSizeLessThanOrEqualTo(MOST);
  }
}
