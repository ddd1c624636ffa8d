package io.tandem.link.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.link.domain.LinkStore;
import io.tandem.link.domain.LinkStoreContract;
import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@link LinkStoreContract} on {@link JdbcLinkStore} over PostgreSQL; spaces and units are made through the API. */
@TandemIT
class JdbcLinkStoreIT extends LinkStoreContract {

  @LocalServerPort int port;
  @Autowired LinkStore store;
  private final Set<String> spaces = new HashSet<>();

  @Override
  protected LinkStore store() {
    return store;
  }

  @Override
  protected UUID unit(String space, String slug, String data) {
    if (spaces.add(space)) {
      assertCreated(api().post("/api/v1/spaces", Map.of("slug", space)));
    }
    Api.Response created = api().post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data));
    assertCreated(created);
    return UUID.fromString(created.json().path("id").asString());
  }

  @Override
  protected void newHead(String space, String slug, String data) {
    Api.Response put = api().putYaml("/api/v1/spaces/" + space + "/units/" + slug + "/data", data);
    assertThat(put.status()).as(put.toString()).isEqualTo(200);
  }

  private Api api() {
    return new Api(port);
  }

  private static void assertCreated(Api.Response response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
  }
}
