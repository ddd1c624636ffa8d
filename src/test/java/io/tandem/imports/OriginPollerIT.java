package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** A commit pushed to a watched repository reaches its unit within a poll interval, with nobody asking. */
@TandemIT
@TestPropertySource(properties = {
    "tandem.data-dir=target/it-data-origin-poller",
    "tandem.imports.origin-poll-interval=1s"})
class OriginPollerIT {

  @LocalServerPort int port;

  @Test
  void aCommitReachesItsUnitWithinAPollInterval() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("polled");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String config = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n";
    String url = GitRepos.withFiles("polled", Map.of("settings.yaml", config));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    String unit = "/api/v1/spaces/" + space + "/units/settings";

    GitRepos.commit(url, "main", Map.of("settings.yaml", config.replace("blue", "green")), "Green", "erin");
    await("the commit taken").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit + "/data").body()).contains("mode: green");
    assertThat(api.get(unit + "/revisions/2").json().path("source").asString()).isEqualTo("Git");
    assertThat(api.get(unit + "/origin").json().path("lastError").isNull()).isTrue();
  }
}
