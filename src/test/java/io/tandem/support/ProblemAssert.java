package io.tandem.support;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;

/** Checks that a response is an RFC 9457 problem with the given status and code. */
public final class ProblemAssert {

  private ProblemAssert() {}

  public static void assertProblem(Api.Response response, int status, String code, String detailMentions) {
    assertThat(response.status()).as(response.toString()).isEqualTo(status);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    JsonNode problem = response.json();
    assertThat(problem.path("code").asString()).isEqualTo(code);
    assertThat(problem.path("status").asInt()).isEqualTo(status);
    assertThat(problem.path("type").asString()).isEqualTo("urn:tandem:problem:" + code);
    assertThat(problem.path("title").asString()).isNotBlank();
    assertThat(problem.path("instance").asString()).startsWith("/");
    assertThat(problem.path("detail").asString()).contains(detailMentions);
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ");
  }
}
