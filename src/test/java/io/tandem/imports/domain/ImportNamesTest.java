package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImportNamesTest {

  @ParameterizedTest
  @CsvSource(quoteCharacter = '"', value = {
      "apps/web/deployment, apps-web-deployment",
      "Apps/Web_Front.v2, apps-web-front-v2",
      "__init__, init",
      "..., \"\""})
  void unitSlugsAreMadeOfPaths(String path, String slug) {
    assertThat(ImportNames.slug(path)).isEqualTo(slug);
  }

  @org.junit.jupiter.api.Test
  void longPathsAreCutToSixtyThreeCharactersWithoutATrailingDash() {
    String slug = ImportNames.slug("a".repeat(62) + "/b");
    assertThat(slug).hasSize(62).doesNotEndWith("-");
  }
}
