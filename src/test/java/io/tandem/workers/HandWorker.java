package io.tandem.workers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Grants;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A worker spoken by hand, for tests of the protocol: registered with a target of its own name that every space may
 * use, polling as one start ({@code boot}) of it.
 */
final class HandWorker {

  final String name;
  private final Api api;
  private final String[] auth;

  HandWorker(Api api, String name) {
    this.api = api;
    this.name = name;
    Api.Response registered = api.post("/api/v1/workers", Map.of("name", name));
    assertThat(registered.status()).as(registered.body()).isEqualTo(201);
    this.auth = new String[] {"Authorization", "Bearer " + registered.json().path("credential").asString()};
  }

  /** Asks for calls as start {@code boot}, waiting up to {@code waitSeconds}; the calls it got. */
  JsonNode poll(String boot, int waitSeconds) {
    Api.Response polled = api.get("/api/v1/workers/" + name + "/calls?protocol=1&version=test&boot=" + boot
        + "&wait=" + waitSeconds, auth);
    assertThat(polled.status()).as(polled.body()).isEqualTo(200);
    return polled.json().path("items");
  }

  /** A poll that says which calls the worker holds (comma-separated ids; empty: none). */
  JsonNode poll(String boot, int waitSeconds, String holding) {
    Api.Response polled = api.get("/api/v1/workers/" + name + "/calls?protocol=1&version=test&boot=" + boot
        + "&wait=" + waitSeconds + "&holding=" + holding, auth);
    assertThat(polled.status()).as(polled.body()).isEqualTo(200);
    return polled.json().path("items");
  }

  Api.Response answer(String call, String response) {
    return api.send("PUT", "/api/v1/workers/" + name + "/calls/" + call, "application/json", response, auth);
  }

  /** Reports objects that moved in its cluster, as its watches do. */
  Api.Response report(Map<String, Object> changes) {
    return api.post("/api/v1/workers/" + name + "/changes", changes, auth);
  }

  /** Its target, then a unit on it in a new space; the unit's path. */
  String unitOnItsTarget(String space) {
    assertThat(api.post("/api/v1/targets", Map.of("slug", name, "connection", Map.of("worker", name))).status())
        .isEqualTo(201);
    Grants.everySpace(api, name);
    api.post("/api/v1/spaces", Map.of("slug", space));
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "target", name,
        "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n")).status())
        .isEqualTo(201);
    return "/api/v1/spaces/" + space + "/units/settings";
  }
}
