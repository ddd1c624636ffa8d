package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.hash.ContentHash;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged defaults survive crashes: the server runs as a JVM of its own on a persistent embedded PostgreSQL and
 * is killed with SIGKILL, with or without its database.
 */
class CrashIT {

  private static final int WRITERS = 4;
  private static final Duration WRITING = Duration.ofSeconds(4);

  @TempDir Path temp;

  private ServerProcess server;

  @AfterEach
  void stopWhatIsLeft() {
    if (server != null) {
      server.close();
    }
  }

  /** What the server answered 200 to: this revision of this unit has this content. */
  record Acknowledged(String unit, int revision, String contentHash) {}

  @Test
  void everyAcknowledgedRevisionSurvivesAKillOfTheServerAndItsDatabaseMidWrite() throws Exception {
    Path dataDir = temp.resolve("data");
    server = ServerProcess.start(dataDir);
    Api api = server.api();
    assertThat(api.post("/api/v1/spaces", Map.of("slug", "crash")).status()).isEqualTo(201);
    List<String> units = IntStream.range(0, WRITERS).mapToObj(i -> "unit-" + i).toList();
    for (String unit : units) {
      assertThat(api.post("/api/v1/spaces/crash/units", Map.of("slug", unit, "data", data(unit, 0))).status()).isEqualTo(201);
    }

    ConcurrentLinkedQueue<Acknowledged> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicBoolean killed = new AtomicBoolean();
    ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
    units.forEach(unit -> writers.submit(() -> writeUntilRefused(api, unit, acknowledged, killed)));
    Thread.sleep(WRITING.toMillis());
    killed.set(true);
    server.killServerAndDatabase();
    writers.shutdown();
    assertThat(writers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    assertThat(acknowledged).as("writes answered before the kill").hasSizeGreaterThan(WRITERS * 5);

    server = ServerProcess.start(dataDir); // the first start after the crash must succeed
    Api restarted = server.api();
    List<Acknowledged> lost = acknowledged.stream()
        .filter(write -> !write.contentHash().equals(storedHash(restarted, write)))
        .toList();
    assertThat(lost).as("acknowledged revisions missing or changed after the restart (of %d)", acknowledged.size())
        .isEmpty();
  }

  @Test
  void aStartAfterAKillOfTheServerAloneStopsTheDatabaseItLeftRunningAndComesUp() {
    Path dataDir = temp.resolve("data");
    server = ServerProcess.start(dataDir);
    String data = data("kept", 1);
    assertThat(server.api().post("/api/v1/spaces", Map.of("slug", "orphan")).status()).isEqualTo(201);
    assertThat(server.api().post("/api/v1/spaces/orphan/units", Map.of("slug", "kept", "data", data)).status())
        .isEqualTo(201);
    ProcessHandle orphan = server.postmaster().orElseThrow();

    server.killServer();
    assertThat(orphan.isAlive()).as("the database outlives its server").isTrue();

    server = ServerProcess.start(dataDir);
    assertThat(orphan.isAlive()).as("the stale postmaster was stopped").isFalse();
    assertThat(server.api().get("/api/v1/spaces/orphan/units/kept/data").body()).isEqualTo(data);
  }

  private static void writeUntilRefused(
      Api api, String unit, ConcurrentLinkedQueue<Acknowledged> acknowledged, AtomicBoolean killed) {
    for (int i = 1; !killed.get(); i++) {
      Api.Response response;
      try {
        response = api.putYaml("/api/v1/spaces/crash/units/" + unit + "/data", data(unit, i));
      } catch (IllegalStateException connectionLost) {
        return;
      }
      if (response.status() == 200) {
        acknowledged.add(new Acknowledged(unit, response.json().path("headRevisionNum").asInt(),
            ContentHash.sha256Hex(response.json().path("data").asString())));
      }
    }
  }

  private static String storedHash(Api api, Acknowledged write) {
    Api.Response response = api.get("/api/v1/spaces/crash/units/" + write.unit() + "/data?revision=" + write.revision());
    return response.status() == 200 ? ContentHash.sha256Hex(response.body()) : "status " + response.status();
  }

  private static String data(String unit, int counter) {
    return Fixtures.paymentService().replace("name: payment", "name: " + unit)
        .replace("replicas: 1", "replicas: " + (counter % 50 + 1)) + "# write " + counter + "\n";
  }
}
