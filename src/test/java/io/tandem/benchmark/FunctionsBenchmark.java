package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.TandemApplication;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * {@code set-image} over 1,000 units in one call ({@code ./mvnw test -Pbenchmark}): the time of the whole HTTP call,
 * on a freshly started server (cold) and again (warm). Writes {@code target/benchmark-functions.txt}.
 */
class FunctionsBenchmark {

  static final int UNITS = Integer.getInteger("benchmark.units", 1000);

  @Test
  void setImageOverAThousandUnitsInOneCall() throws Exception {
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false", "--tandem.data-dir=target/benchmark-data",
                "--tandem.sandbox.enabled=false", "--logging.level.root=WARN")) {
      Api api = new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
      assertThat(api.post("/api/v1/spaces", Map.of("slug", "fleet")).status()).isEqualTo(201);
      for (int i = 0; i < UNITS; i++) {
        String data = Fixtures.paymentService().replace("name: paymentservice", "name: service-" + i);
        assertThat(api.post("/api/v1/spaces/fleet/units", Map.of("slug", "service-" + i, "data", data)).status())
            .isEqualTo(201);
      }

      StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "set-image over %d units in one call%n", UNITS));
      for (String round : List.of("cold", "warm")) {
        String image = "payments:" + round;
        long start = System.nanoTime();
        Api.Response response =
            api.post("/api/v1/spaces/fleet/functions/invoke",
                Map.of("functions", List.of(Map.of("name", "set-image", "args", List.of("server", image)))));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(response.status()).isEqualTo(200);
        List<JsonNode> results = response.json().path("results").values().stream().toList();
        assertThat(results).hasSize(UNITS).allSatisfy(result -> assertThat(result.path("mutated").asBoolean()).isTrue());
        report.append(String.format(Locale.ROOT, "%-6s %6.2f s  (%.1f ms per unit)%n", round, seconds, seconds * 1000 / UNITS));
      }
      System.out.print(report);
      Path out = Path.of("target", "benchmark-functions.txt");
      Files.createDirectories(out.getParent());
      Files.writeString(out, report.toString(), StandardCharsets.UTF_8);
    }
  }
}
