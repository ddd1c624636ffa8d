package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@TandemIT
class OperationsIT {

  @LocalServerPort int port;

  @Test
  void healthIsUpAndIncludesTheDatabase() {
    Api.Response health = new Api(port).get("/actuator/health");

    assertThat(health.status()).isEqualTo(200);
    assertThat(health.json().path("status").asString()).isEqualTo("UP");
    assertThat(health.json().path("components").path("db").path("status").asString()).isEqualTo("UP");
    assertThat(new Api(port).get("/actuator/health/readiness").json().path("status").asString()).isEqualTo("UP");
    assertThat(new Api(port).get("/actuator/health/liveness").json().path("status").asString()).isEqualTo("UP");
  }

  @Test
  void prometheusMetricsIncludeHttpRequestsAndTheConnectionPool() {
    Api api = new Api(port);
    api.get("/api/v1/spaces");

    Api.Response metrics = api.get("/actuator/prometheus");

    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.body()).contains("http_server_requests_seconds_count").contains("hikaricp_connections");
  }

  @Test
  void swaggerUiIsServed() {
    Api.Response ui = new Api(port).get("/swagger-ui/index.html");

    assertThat(ui.status()).isEqualTo(200);
    assertThat(ui.body()).contains("swagger");
  }
}
