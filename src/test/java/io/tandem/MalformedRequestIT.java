package io.tandem;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Requests that HTTP parsing cannot make sense of are the client's mistake: a 4xx problem, never a 500. With
 * anonymous access off (as SchemathesisIT, whose context this shares), where the 500s were found.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + SchemathesisIT.ADMIN,
    "tandem.data-dir=target/it-data-schemathesis"})
class MalformedRequestIT {

  @LocalServerPort int port;
  static final String[] AUTH = {"Authorization", "Bearer " + SchemathesisIT.ADMIN};
  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("malformed");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space), AUTH).status()).isEqualTo(201);
  }

  @Test
  void aMultipartContentTypeWithoutBoundaryIsIgnoredWhereNoBodyIsReadAndUnsupportedWhereOneIs() {
    Api.Response read = api.send("GET", "/api/v1/spaces/" + space, "multipart/form-data", null, AUTH);
    assertThat(read.status()).as(read.body()).isEqualTo(200);

    assertProblem(api.send("POST", "/api/v1/spaces", "multipart/form-data", "slug=" + Api.uniqueSlug("mp"), AUTH),
        415, "unsupported-media-type", "multipart/form-data");
    assertThat(api.get("/api/v1/spaces/" + space, AUTH).status()).isEqualTo(200);
  }

  /** The query of a 500 that schemathesis found: parameters without a name among others. */
  static final String NAMELESS_PARAMETERS = "D%C3%AC%C2%80%C2%A6=%1B&D%C3%AC%C2%80%C2%A6=&D%C3%AC%C2%80%C2%A6=%18%F2%99%8F%92%C2%8C&D%C"
        + "3%AC%C2%80%C2%A6=I%12&D%C3%AC%C2%80%C2%A6=%C3%B5D%C2%BF&%F0%96%B4%A9%F2%B1%BE%9B%15%F1%A1%"
        + "89%9F%C3%AF%F2%9A%8C%8B=%C2%A9%C2%B0w%5D%C2%98%C2%88%F2%85%8F%9D8%1B%F1%9D%9F%8B&=67180327"
        + "62245967872&=%2B0.0&=%C3%BE%0DV%23&=%F1%BC%B6%BFb%C3%A1&%C3%9B%F2%A9%BF%9C%C2%B0x=%C3%AA%F"
        + "0%9B%A6%8C&%C3%9B%F2%A9%BF%9C%C2%B0x=%C2%B9%C2%9F%C2%8C%F2%A7%91%96%06%F2%AB%B4%89%C3%BBx&"
        + "limit=-47064676&where=%C3%96%F1%B1%84%82&%C2%97M%C2%AE%04%F2%A6%B0%A0%C2%8B=%C2%96%F0%B0%B"
        + "8%98&%C2%97M%C2%AE%04%F2%A6%B0%A0%C2%8B=%02%C3%BE&%C2%97M%C2%AE%04%F2%A6%B0%A0%C2%8B=%F2%8"
        + "9%90%B7";

  @Test
  void aQueryWithNamelessParametersIsABadRequest() {
    assertProblem(api.get("/api/v1/spaces?" + NAMELESS_PARAMETERS, AUTH), 400, "invalid-argument", "query");
  }

  @Test
  void controlCharactersInAQueryParameterNameAreABadRequest() {
    for (String path : List.of("/api/v1/spaces?%10%17=false", "/api/v1/audit?x%05=1", "/api/v1/spaces?limit=5&%C2%92%C3%8F=1")) {
      assertProblem(api.get(path, AUTH), 400, "validation-failed", "query parameter");
    }
  }

  @Test
  void everyJsonAnswerEndsWithANewline() {
    assertThat(api.get("/api/v1/spaces/" + space, AUTH).body()).startsWith("{").endsWith("}\n");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/nothing", AUTH).body()).endsWith("}\n"); // a problem
    assertThat(api.get("/api/v1/spaces").body()).endsWith("}\n"); // refused before any controller
  }
}
