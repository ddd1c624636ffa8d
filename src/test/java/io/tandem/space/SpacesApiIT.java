package io.tandem.space;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@TandemIT
class SpacesApiIT {

  @LocalServerPort int port;
  Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  @Test
  void createReturnsTheSpaceWithDefaults() {
    String slug = Api.uniqueSlug("prod");

    Api.Response created = api.post("/api/v1/spaces", Map.of("slug", slug, "labels", Map.of("env", "prod")));

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.header("Location")).isEqualTo("/api/v1/spaces/" + slug);
    JsonNode space = created.json();
    assertThat(space.path("id").asString()).isNotBlank();
    assertThat(space.path("slug").asString()).isEqualTo(slug);
    assertThat(space.path("displayName").asString()).isEqualTo(slug);
    assertThat(space.path("labels").path("env").asString()).isEqualTo("prod");
    assertThat(space.path("driftMode").asString()).isEqualTo("Report");
    assertThat(space.path("unitCount").asInt()).isZero();
    assertThat(space.path("createdAt").asString()).endsWith("Z");
    assertThat(api.get("/api/v1/spaces/" + slug).json()).isEqualTo(space);
  }

  @Test
  void duplicateSlugIsAlreadyExistsAndKeepsTheFirst() {
    String slug = Api.uniqueSlug("dup");
    api.post("/api/v1/spaces", Map.of("slug", slug, "displayName", "First"));

    Api.Response second = api.post("/api/v1/spaces", Map.of("slug", slug, "displayName", "Second"));

    assertThat(second.status()).isEqualTo(409);
    assertThat(second.code()).isEqualTo("already-exists");
    assertThat(second.header("Content-Type")).startsWith("application/problem+json");
    assertThat(api.get("/api/v1/spaces/" + slug).json().path("displayName").asString()).isEqualTo("First");
  }

  @Test
  void invalidInputIsRejectedWithAClearProblem() {
    assertProblem(api.post("/api/v1/spaces", Map.of("slug", "Not_A_Slug")), 400, "validation-failed", "slug");
    assertProblem(api.post("/api/v1/spaces", Map.of("displayName", "no slug")), 400, "validation-failed", "slug");
    assertProblem(
        api.post("/api/v1/spaces", Map.of("slug", Api.uniqueSlug("s"), "driftMode", "Sometimes")),
        400, "validation-failed", "driftMode");
    assertProblem(
        api.post("/api/v1/spaces", Map.of("slug", Api.uniqueSlug("s"), "labels", Map.of("bad key!", "x"))),
        400, "validation-failed", "bad key!");
    assertProblem(api.post("/api/v1/spaces", Map.of("slug", Api.uniqueSlug("s"), "lables", Map.of())),
        400, "validation-failed", "lables");
    assertProblem(api.post("/api/v1/spaces", "{\"slug\": "), 400, "validation-failed", "JSON");
  }

  @Test
  void unknownSpaceIsNotFound() {
    assertProblem(api.get("/api/v1/spaces/no-such-space"), 404, "not-found", "no-such-space");
    assertProblem(api.patch("/api/v1/spaces/no-such-space", Map.of("displayName", "x")), 404, "not-found", "no-such-space");
    assertProblem(api.delete("/api/v1/spaces/no-such-space"), 404, "not-found", "no-such-space");
  }

  @Test
  void listPagesThroughEverySpaceInSlugOrder() {
    String prefix = Api.uniqueSlug("page");
    for (int i = 0; i < 5; i++) {
      api.post("/api/v1/spaces", Map.of("slug", prefix + "-" + i));
    }

    List<String> seen = new java.util.ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Api.Response page = api.get("/api/v1/spaces?limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
      assertThat(page.status()).isEqualTo(200);
      page.items().forEach(item -> seen.add(item.path("slug").asString()));
      cursor = page.json().path("nextCursor").isNull() ? null : page.json().path("nextCursor").asString();
      pages++;
    } while (cursor != null && pages < 10_000);

    assertThat(seen).isSorted().doesNotHaveDuplicates();
    assertThat(seen.stream().filter(slug -> slug.startsWith(prefix)))
        .containsExactly(prefix + "-0", prefix + "-1", prefix + "-2", prefix + "-3", prefix + "-4");
  }

  @Test
  void listRejectsBadPagingAndBadWhere() {
    assertProblem(api.get("/api/v1/spaces?limit=0"), 400, "invalid-argument", "limit");
    assertProblem(api.get("/api/v1/spaces?limit=1001"), 400, "invalid-argument", "limit");
    assertProblem(api.get("/api/v1/spaces?limit=ten"), 400, "invalid-argument", "limit");
    assertProblem(api.get("/api/v1/spaces?cursor=garbage!"), 400, "invalid-argument", "cursor");
    assertProblem(api.get("/api/v1/spaces?where=Slug%20%3D%3D%20'x'"), 400, "invalid-where", "character 7");
  }

  @Test
  void patchMergesLabelsAndChangesOnlyWhatItNames() {
    String slug = Api.uniqueSlug("patch");
    api.post("/api/v1/spaces", Map.of("slug", slug, "displayName", "Before", "labels", Map.of("a", "1", "b", "2")));
    Map<String, Object> labels = new HashMap<>();
    labels.put("a", null);
    labels.put("c", "3");

    Api.Response patched = api.patch("/api/v1/spaces/" + slug, Map.of("labels", labels, "driftMode", "Capture"));

    assertThat(patched.status()).isEqualTo(200);
    JsonNode space = patched.json();
    assertThat(space.path("displayName").asString()).isEqualTo("Before");
    assertThat(space.path("labels").properties()).hasSize(2);
    assertThat(space.path("labels").path("b").asString()).isEqualTo("2");
    assertThat(space.path("labels").path("c").asString()).isEqualTo("3");
    assertThat(space.path("driftMode").asString()).isEqualTo("Capture");
    assertThat(api.get("/api/v1/spaces/" + slug).json()).isEqualTo(space);
  }

  @Test
  void badPatchChangesNothing() {
    String slug = Api.uniqueSlug("badpatch");
    JsonNode before = api.post("/api/v1/spaces", Map.of("slug", slug)).json();

    assertProblem(api.patch("/api/v1/spaces/" + slug, Map.of("slug", "renamed")), 400, "validation-failed", "slug");
    assertProblem(
        api.patch("/api/v1/spaces/" + slug, Map.of("displayName", "New", "driftMode", "Never")),
        400, "validation-failed", "driftMode");
    assertProblem(api.patch("/api/v1/spaces/" + slug, "[1]"), 400, "validation-failed", "object");

    assertThat(api.get("/api/v1/spaces/" + slug).json()).isEqualTo(before);
  }

  @Test
  void deleteOfASpaceWithUnitsNeedsRecursive() {
    String slug = Api.uniqueSlug("del");
    api.post("/api/v1/spaces", Map.of("slug", slug));
    api.post("/api/v1/spaces/" + slug + "/units", Map.of("slug", "web", "data", Fixtures.paymentService()));
    assertThat(api.get("/api/v1/spaces/" + slug).json().path("unitCount").asInt()).isEqualTo(1);

    assertProblem(api.delete("/api/v1/spaces/" + slug), 409, "conflict", "recursive");
    assertThat(api.get("/api/v1/spaces/" + slug + "/units/web").status()).isEqualTo(200);

    assertThat(api.delete("/api/v1/spaces/" + slug + "?recursive=true").status()).isEqualTo(204);
    assertThat(api.get("/api/v1/spaces/" + slug).status()).isEqualTo(404);
    assertThat(api.get("/api/v1/spaces/" + slug + "/units/web").status()).isEqualTo(404);
  }

  @Test
  void emptySpaceDeletesWithoutRecursive() {
    String slug = Api.uniqueSlug("empty");
    api.post("/api/v1/spaces", Map.of("slug", slug));

    assertThat(api.delete("/api/v1/spaces/" + slug).status()).isEqualTo(204);
    assertThat(api.get("/api/v1/spaces/" + slug).status()).isEqualTo(404);
  }
}
