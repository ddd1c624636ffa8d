package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Responses as the served document describes them. The bulk operations answer 200 when every unit succeeded and 207
 * when some failed; the document must list both (its default response is for problem+json errors only), or a client
 * generator has no type for the 200 body. A field that is null in a response is nullable in the document.
 */
@TandemIT
class DocumentedResponsesIT {

  @LocalServerPort int port;
  Api api;
  String space;
  JsonNode document;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = "/api/v1/spaces/" + created("/api/v1/spaces", Map.of("slug", Api.uniqueSlug("docs"))).path("slug").asString();
    Api.Response served = api.get("/v3/api-docs");
    assertThat(served.status()).isEqualTo(200);
    document = served.json();
  }

  @Test
  void everySuccessStatusOfTheBulkOperationsIsDocumented() {
    created(space + "/units", Map.of("slug", "payment", "data", Fixtures.paymentService(), "target", "sandbox"));
    created(space + "/tags", Map.of("slug", "release-1"));
    String clones = "/api/v1/spaces/" + created("/api/v1/spaces", Map.of("slug", Api.uniqueSlug("docs-to"))).path("slug").asString();
    created(space + "/change-sets", Map.of("slug", "more", "units", List.of("payment")));
    Api.Response changed = api.patch(space + "/units/payment", Map.of("data", Fixtures.paymentService().replace("replicas: 1", "replicas: 2")));
    assertThat(changed.status()).as(changed.body()).isEqualTo(200);

    List<String> undocumented = new ArrayList<>();
    expectDocumented(undocumented, "/spaces/{space}/tags/{tag}/restore", api.post(space + "/tags/release-1/restore", null));
    expectDocumented(undocumented, "/spaces/{space}/tags/{tag}/apply", api.post(space + "/tags/release-1/apply", null));
    expectDocumented(undocumented, "/spaces/{space}/change-sets/{changeSet}/apply", api.post(space + "/change-sets/more/apply", null));
    expectDocumented(undocumented, "/spaces/{space}/clones",
        api.post(space + "/clones", Map.of("units", List.of("payment"), "toSpaces", List.of(clones.substring(clones.lastIndexOf('/') + 1)))));
    expectDocumented(undocumented, "/spaces/{space}/upgrades", api.post(clones + "/upgrades", Map.of("units", List.of("payment"))));

    assertThat(undocumented).as("responses whose status the document does not list").isEmpty();
  }

  @Test
  void everyNullInAResponseIsInAFieldTheDocumentMarksNullable() {
    created(space + "/units", Map.of("slug", "payment", "data", Fixtures.paymentService()));
    created(space + "/tags", Map.of("slug", "release-1"));
    List<String> undocumented = new ArrayList<>();
    for (String path : List.of("/spaces", "/spaces/{space}/units", "/spaces/{space}/units/{unit}", "/spaces/{space}/tags",
        "/targets", "/targets/{target}", "/spaces/{space}/units/{unit}/revisions")) {
      Api.Response response = api.get("/api/v1" + path.replace("/spaces/{space}", space.substring("/api/v1".length()))
          .replace("{unit}", "payment").replace("{target}", "sandbox"));
      assertThat(response.status()).as(path + ": " + response.body()).isEqualTo(200);
      JsonNode schema = document.path("paths").path("/api/v1" + path).path("get").path("responses").path("200")
          .path("content").path("application/json").path("schema");
      collectUndocumentedNulls(response.json(), schema, "GET " + path + " ", undocumented);
    }
    assertThat(undocumented).as("null fields the document does not mark nullable").isEmpty();
  }

  private void collectUndocumentedNulls(JsonNode value, JsonNode schema, String where, List<String> undocumented) {
    JsonNode wrapper = resolve(schema);
    JsonNode resolved = wrapper.path("allOf").size() == 1 ? resolve(wrapper.path("allOf").get(0)) : wrapper;
    if (value.isArray()) {
      value.forEach(item -> collectUndocumentedNulls(item, resolved.path("items"), where + "[]", undocumented));
      return;
    }
    JsonNode properties = resolved.path("properties");
    if (!value.isObject() || !properties.isObject()) {
      return;
    }
    for (String name : value.propertyNames()) {
      JsonNode property = properties.path(name);
      if (value.get(name).isNull() && !property.path("nullable").asBoolean(false)) {
        undocumented.add(where + name);
      } else if (!value.get(name).isNull()) {
        collectUndocumentedNulls(value.get(name), property, where + name + ".", undocumented);
      }
    }
  }

  private JsonNode resolve(JsonNode schema) {
    String ref = schema.path("$ref").asString("");
    return ref.isEmpty() ? schema : document.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
  }

  private void expectDocumented(List<String> undocumented, String path, Api.Response response) {
    assertThat(response.status()).as(path + ": " + response.body()).isBetween(200, 299);
    JsonNode responses = document.path("paths").path("/api/v1" + path).path("post").path("responses");
    assertThat(responses.isObject()).as("the document has POST " + path).isTrue();
    if (!responses.has(String.valueOf(response.status()))) {
      undocumented.add("POST " + path + " answered " + response.status() + ", documented " + responses.propertyNames());
    }
  }

  private JsonNode created(String path, Map<String, Object> body) {
    Api.Response response = api.post(path, body);
    assertThat(response.status()).as(path + ": " + response.body()).isEqualTo(201);
    return response.json();
  }
}
