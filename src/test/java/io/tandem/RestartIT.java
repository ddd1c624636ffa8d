package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TestDatabase;
import java.nio.file.Path;
import java.util.Map;
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

  private ConfigurableApplicationContext start() {
    // Arguments, not default properties: those rank below application.yaml and would be ignored.
    return new SpringApplicationBuilder(TandemApplication.class)
        .run(
            "--server.port=0",
            "--tandem.data-dir=" + dataDir,
            "--tandem.embedded-postgres.persistent=true");
  }

  private static Api api(ConfigurableApplicationContext server) {
    return new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
  }
}
