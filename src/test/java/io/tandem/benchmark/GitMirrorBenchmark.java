package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.TandemApplication;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Git mirroring ({@code ./mvnw test -Pbenchmark}): 1,000 revisions (100 units, 10 revisions each) wait in the outbox
 * while the remote is away; then the remote (a bare repository on local disk) appears, and this times how long the
 * mirror takes to push them all, one commit each. Writes {@code target/benchmark-git.txt}.
 */
class GitMirrorBenchmark {

  static final int UNITS = 100;
  static final int REVISIONS_PER_UNIT = 10;

  @Test
  void mirroringAThousandRevisions() throws Exception {
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false", "--tandem.data-dir=target/benchmark-data",
                "--tandem.live.detection-enabled=false", "--tandem.live.watch-enabled=false", "--tandem.git.interval=100ms",
                "--tandem.git.retry-max=200ms", "--logging.level.root=WARN")) {
      Api api = new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
      String space = Api.uniqueSlug("bench-git");
      api.post("/api/v1/spaces", Map.of("slug", space));
      Path remote = GitRepos.path("benchmark");
      api.send("PUT", "/api/v1/spaces/" + space + "/git-mirror", "application/json",
          Api.JSON.writeValueAsString(Map.of("url", GitRepos.url(remote))));
      for (int unit = 0; unit < UNITS; unit++) {
        String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: svc-" + unit + "\n");
        api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "svc-" + unit, "data", data));
        for (int revision = 2; revision <= REVISIONS_PER_UNIT; revision++) {
          api.patch("/api/v1/spaces/" + space + "/units/svc-" + unit,
              Map.of("data", data.replace("128Mi", (100 + revision) + "Mi")));
        }
      }
      assertThat(api.get("/api/v1/spaces/" + space + "/git-mirror").json().path("lag").path("revisions").asLong())
          .isEqualTo(UNITS * REVISIONS_PER_UNIT);

      long start = System.nanoTime();
      try (Git ignored = Git.init().setBare(true).setInitialBranch("main").setDirectory(remote.toFile()).call()) {
        // the remote appears
      }
      api.post("/api/v1/spaces/" + space + "/git-mirror/resume", null);
      // the poll interval is the stopwatch's resolution
      await("every revision pushed").forever().pollInterval(Duration.ofMillis(20)).until(
          () -> api.get("/api/v1/spaces/" + space + "/git-mirror").json().path("lag").path("revisions").asLong() == 0);
      double seconds = (System.nanoTime() - start) / 1e9;
      int commits = GitRepos.log(GitRepos.url(remote), "main").size();
      assertThat(commits).isEqualTo(UNITS * REVISIONS_PER_UNIT);

      String line = String.format(Locale.ROOT, "Mirroring %d revisions (%d units) to a local bare repository: %.2f s, %.0f commits/s%n",
          commits, UNITS, seconds, commits / seconds);
      System.out.print(line);
      Path out = Path.of("target", "benchmark-git.txt");
      Files.createDirectories(out.getParent());
      Files.writeString(out, line, StandardCharsets.UTF_8);
    }
  }
}
