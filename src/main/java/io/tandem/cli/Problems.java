package io.tandem.cli;

import io.tandem.client.ApiClient;
import io.tandem.client.ApiException;
import tools.jackson.databind.JsonNode;

/** The words of a problem+json answer for people. */
final class Problems {

  private Problems() {}

  /** The problem's detail and code, or the body as it came. */
  static String describe(ApiException error) {
    String body = error.getResponseBody();
    try {
      JsonNode problem = ApiClient.createDefaultObjectMapper().readTree(body);
      if (problem == null || !problem.has("code")) {
        return body == null || body.isBlank() ? String.valueOf(error.getMessage()) : body;
      }
      return problem.path("detail").asString() + " (" + problem.path("code").asString() + ")";
    } catch (RuntimeException notJson) {
      return body == null ? String.valueOf(error.getMessage()) : body;
    }
  }
}
