package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  void apiRequestsWaitForTheirTurnOnTheServersOwnRequestThreads() {
    Api api = new Api(port);
    double before = admissionWaits(api);
    for (int i = 0; i < 5; i++) {
      assertThat(api.get("/api/v1/spaces").status()).isEqualTo(200);
    }

    // the wait is timed by the web server's executor itself, once per task; a task may go on to the connection's next
    // request when it has already arrived, so five requests make one task at least
    assertThat(admissionWaits(api) - before).isGreaterThanOrEqualTo(1);
  }

  @Test
  void swaggerUiIsServed() {
    Api.Response ui = new Api(port).get("/swagger-ui/index.html");

    assertThat(ui.status()).isEqualTo(200);
    assertThat(ui.body()).contains("swagger");
  }

  private static double admissionWaits(Api api) {
    String metrics = api.get("/actuator/prometheus").body();
    Matcher count = Pattern.compile("(?m)^tandem_admission_wait_seconds_count\\S* (\\S+)$").matcher(metrics);
    assertThat(count.find()).as("tandem_admission_wait_seconds_count in %s", "/actuator/prometheus").isTrue();
    return Double.parseDouble(count.group(1));
  }
}
