package io.tandem.targets.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import io.tandem.targets.domain.TargetGrantStore;
import io.tandem.targets.domain.TargetGrantStoreContract;
import io.tandem.targets.domain.TargetStore;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@link TargetGrantStoreContract} on {@link JdbcTargetGrantStore} over PostgreSQL. Targets and spaces are made through
 * the API, as the other ITs make them; a target's server refuses connections, so registering it is quick.
 */
@TandemIT
class JdbcTargetGrantStoreIT extends TargetGrantStoreContract {

  @LocalServerPort int port;
  @Autowired TargetGrantStore store;
  @Autowired TargetStore targets;

  @Override
  protected TargetGrantStore store() {
    return store;
  }

  /** The API shows no target's id; the targets' own store does. */
  @Override
  protected UUID target(String slug) {
    created("/api/v1/targets", Map.of("slug", slug, "server", "https://127.0.0.1:1", "token", "unused"));
    return targets.find(slug).orElseThrow().target().id();
  }

  @Override
  protected UUID space(String slug) {
    return UUID.fromString(created("/api/v1/spaces", Map.of("slug", slug)).json().path("id").asString());
  }

  private Api.Response created(String path, Map<String, String> body) {
    Api.Response created = new Api(port).post(path, body);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created;
  }
}
