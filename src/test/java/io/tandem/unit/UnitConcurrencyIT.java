package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@TandemIT
class UnitConcurrencyIT {

  static final int CLIENTS = 20;

  @LocalServerPort int port;
  Api api;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    String space = Api.uniqueSlug("race");
    api.post("/api/v1/spaces", Map.of("slug", space));
    units = "/api/v1/spaces/" + space + "/units";
    assertThat(api.post(units, Map.of("slug", "payment", "data", Fixtures.paymentService())).status()).isEqualTo(201);
  }

  @Test
  void concurrentWritersWithTheSameIfMatchLetExactlyOneWin() throws Exception {
    List<Api.Response> responses =
        concurrently(
            client ->
                api.patch(
                    units + "/payment",
                    Map.of("data", dataWithReplicas(client + 2), "changeDescription", "client " + client),
                    "If-Match",
                    "\"1\""));

    assertThat(responses).filteredOn(response -> response.status() == 200).hasSize(1);
    assertThat(responses).filteredOn(response -> response.status() == 412).hasSize(CLIENTS - 1);
    assertThat(responses)
        .filteredOn(response -> response.status() == 412)
        .allSatisfy(response -> assertThat(response.code()).isEqualTo("precondition-failed"));
    assertThat(revisionNumbers()).containsExactly(2, 1);
    String winner = responses.stream().filter(r -> r.status() == 200).findFirst().orElseThrow().json().path("data").asString();
    assertThat(api.get(units + "/payment/data").body()).isEqualTo(winner);
  }

  @Test
  void concurrentWritersWithoutIfMatchEachGetTheirOwnRevision() throws Exception {
    List<Api.Response> responses =
        concurrently(client -> api.putYaml(units + "/payment/data", dataWithReplicas(client + 2)));

    assertThat(responses).allSatisfy(response -> assertThat(response.status()).as(response.toString()).isEqualTo(200));
    assertThat(revisionNumbers())
        .containsExactlyElementsOf(IntStream.rangeClosed(1, CLIENTS + 1).map(i -> CLIENTS + 2 - i).boxed().toList());
    assertThat(api.get(units + "/payment").json().path("version").asLong()).isEqualTo(CLIENTS + 1);
    // Every writer's data is some revision: none was lost.
    List<String> stored = new ArrayList<>();
    for (int num = 2; num <= CLIENTS + 1; num++) {
      stored.add(api.get(units + "/payment/data?revision=" + num).body());
    }
    assertThat(stored)
        .containsExactlyInAnyOrderElementsOf(IntStream.range(0, CLIENTS).mapToObj(c -> dataWithReplicas(c + 2)).toList());
  }

  @Test
  void concurrentInvocationsOverTheSameUnitsLoseNoEdit() throws Exception {
    String space = units.substring("/api/v1/spaces/".length(), units.length() - "/units".length());
    List<String> slugs = IntStream.range(0, 30).mapToObj(i -> "svc-" + i).toList();
    for (String slug : slugs) {
      String data = Fixtures.paymentService().replace("name: paymentservice", "name: " + slug);
      assertThat(api.post(units, Map.of("slug", slug, "data", data)).status()).isEqualTo(201);
    }

    // each invocation reads the units first and writes each from what it read: the others' writes in between make
    // it read the unit again, under the lock
    List<Api.Response> responses = concurrently(client -> api.post("/api/v1/spaces/" + space + "/functions/invoke",
        Map.of("units", slugs, "functions", List.of(Map.of("name", "set-label", "args", List.of("client-" + client, "yes"))))));

    assertThat(responses).allSatisfy(response -> assertThat(response.status()).as(response.toString()).isEqualTo(200));
    for (String slug : slugs) {
      assertThat(api.get(units + "/" + slug).json().path("headRevisionNum").asInt()).isEqualTo(CLIENTS + 1);
      String data = api.get(units + "/" + slug + "/data").body();
      assertThat(IntStream.range(0, CLIENTS).filter(client -> !data.contains("client-" + client + ":")))
          .as("the labels missing from %s", slug).isEmpty();
    }
  }

  private List<Integer> revisionNumbers() {
    return api.get(units + "/payment/revisions?limit=1000").items().stream().map(item -> item.path("num").asInt()).toList();
  }

  private static String dataWithReplicas(int replicas) {
    return Fixtures.paymentService().replace("replicas: 1", "replicas: " + replicas);
  }

  private interface Client {
    Api.Response run(int client);
  }

  /** Starts every client at the same moment and waits for all of them. */
  private static List<Api.Response> concurrently(Client client) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Api.Response>> futures = new ArrayList<>();
      for (int i = 0; i < CLIENTS; i++) {
        int id = i;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return client.run(id);
                }));
      }
      start.countDown();
      List<Api.Response> responses = new ArrayList<>();
      for (Future<Api.Response> future : futures) {
        responses.add(future.get());
      }
      return responses;
    } finally {
      pool.shutdownNow();
    }
  }
}
