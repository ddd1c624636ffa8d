package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A local run keeps its data: the embedded PostgreSQL lives in the data directory and survives a restart. */
@ExtendWith(TestDatabase.class)
class RestartIT {

  @TempDir Path dataDir;

  @Test
  void everythingWrittenBeforeAStopIsThereAfterAStartOnTheSameDataDirectory() {
    String data = Fixtures.paymentService();
    String changed = data.replace("replicas: 1", "replicas: 2");

    try (ConfigurableApplicationContext server = start()) {
      Api api = api(server);
      assertThat(api.post("/api/v1/spaces", Map.of("slug", "kept", "labels", Map.of("env", "dev"))).status()).isEqualTo(201);
      assertThat(api.post("/api/v1/spaces/kept/units", Map.of("slug", "payment", "data", data)).status()).isEqualTo(201);
      assertThat(api.putYaml("/api/v1/spaces/kept/units/payment/data", changed).status()).isEqualTo(200);
    }

    try (ConfigurableApplicationContext server = start()) {
      Api api = api(server);
      assertThat(api.get("/api/v1/spaces/kept").json().path("labels").path("env").asString()).isEqualTo("dev");
      Api.Response unit = api.get("/api/v1/spaces/kept/units/payment");
      assertThat(unit.status()).isEqualTo(200);
      assertThat(unit.json().path("headRevisionNum").asInt()).isEqualTo(2);
      assertThat(unit.json().path("data").asString()).isEqualTo(changed);
      assertThat(api.get("/api/v1/spaces/kept/units/payment/data?revision=1").body()).isEqualTo(data);
      // and it keeps working: the next revision follows on
      assertThat(api.patch("/api/v1/spaces/kept/units/payment?restore=1", null).json().path("headRevisionNum").asInt())
          .isEqualTo(3);
    }
  }

  @Test
  void aGitMirrorContinuesAfterARestartWhereItStopped() throws Exception {
    String url = GitRepos.bare("restart");
    Path remote = Path.of(java.net.URI.create(url));
    Path away = remote.resolveSibling(remote.getFileName() + ".away");
    String data = Fixtures.paymentService();

    try (ConfigurableApplicationContext server = start()) {
      Api api = api(server);
      api.post("/api/v1/spaces", Map.of("slug", "mirrored"));
      api.send("PUT", "/api/v1/spaces/mirrored/git-mirror", "application/json", Api.JSON.writeValueAsString(Map.of("url", url)));
      api.post("/api/v1/spaces/mirrored/units", Map.of("slug", "payment", "data", data));
      awaitLag(api, 0);
      Files.move(remote, away); // the remote goes away; two more revisions wait in the outbox
      api.putYaml("/api/v1/spaces/mirrored/units/payment/data", data.replace("replicas: 1", "replicas: 2"));
      api.putYaml("/api/v1/spaces/mirrored/units/payment/data", data.replace("replicas: 1", "replicas: 3"));
      awaitLag(api, 2);
    }
    Files.move(away, remote);

    try (ConfigurableApplicationContext server = start()) {
      awaitLag(api(server), 0);
    }
    assertThat(GitRepos.log(url, "main")).extracting(RevCommit::getShortMessage).containsExactly(
        "payment: revision 1 (Create)", "payment: revision 2 (Update)", "payment: revision 3 (Update)");
  }

  private static void awaitLag(Api api, long revisions) {
    await("lag " + revisions).atMost(Duration.ofSeconds(20))
        .until(() -> api.get("/api/v1/spaces/mirrored/git-mirror").json().path("lag").path("revisions").asLong(),
            lag -> lag == revisions);
  }

  private ConfigurableApplicationContext start() {
    // Arguments, not default properties: those rank below application.yaml and would be ignored.
    return new SpringApplicationBuilder(TandemApplication.class)
        .run(
            "--server.port=0", "--tandem.security.anonymous=true",
            "--tandem.data-dir=" + dataDir,
            "--tandem.embedded-postgres.persistent=true",
            "--tandem.git.interval=200ms",
            "--tandem.git.retry-max=500ms",
            "--tandem.sandbox.engine=mock");
  }

  private static Api api(ConfigurableApplicationContext server) {
    return new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
  }
}
