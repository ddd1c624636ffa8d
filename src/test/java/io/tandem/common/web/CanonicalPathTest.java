package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalPathTest {

  @ParameterizedTest
  @ValueSource(strings = {"/", "/api/v1/spaces", "/api/v1/spaces/a-b/units/c", "/api/v1/spaces/x/roles/alice@example.com",
      "/api/v1/spaces/x/roles/a%20b", "/api/v1/spaces/x/roles/%C3%A9", "/swagger-ui/index.html", "/actuator/health"})
  void canonicalPathsPass(String path) {
    assertThat(CanonicalPath.problem(path)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/api/v1/%74okens", "/api/v1/%2e/spaces", "/api/v1/spaces%2Fx", "/api/v1/spaces%2fx", "/api/v1/spaces%5Cx",
      "/api/v1/spaces/%00", "/api/v1/spaces/%1F", "/api/v1/spaces/%7f", "/api/v1/spaces/%2574okens", "/api/v1/spaces/%zz",
      "/api/v1/spaces/%4", "/api/v1/spaces/%", "/api/v1/spaces;jsessionid=1", "/api/v1/spaces/x;v=1/units", "/api/v1//spaces",
      "//api/v1/spaces", "/api/v1/./spaces", "/api/v1/spaces/..", "/api/v1/x/../spaces", "/api/v1/spaces/", "/api/v1/spaces\\x",
      "api/v1/spaces", ""})
  void everyOtherSpellingIsRefusedWithAReason(String path) {
    assertThat(CanonicalPath.problem(path)).isPresent().get().asString().isNotBlank();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/api/v1/%74okens", "/api/v1/spaces/%7Ex"})
  void theReasonNamesTheNeedlessEscape(String path) {
    assertThat(CanonicalPath.problem(path)).get().asString().contains("which is written as it is");
  }
}
