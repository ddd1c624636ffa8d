package io.tandem.git.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GitUrlsTest {

  final GitUrls urls = new GitUrls("https,ssh", true);

  @org.junit.jupiter.api.Test
  void fileUrlsAreAcceptedByDefaultOnlyWhereTheSandboxRuns() {
    assertThat(new GitUrls("", true).require("url", "file:///srv/repo.git")).isEqualTo("file:///srv/repo.git");
    assertThatThrownBy(() -> new GitUrls("", false).require("url", "file:///srv/repo.git"))
        .isInstanceOf(TandemException.class).hasMessageContaining("does not allow");
    assertThat(new GitUrls("", false).require("url", "https://github.com/acme/deploy.git")).isNotBlank();
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://github.com/acme/deploy.git", "git@github.com:acme/deploy.git", "ssh://git@host/repo.git",
      "https://bot@github.com/acme/deploy.git"})
  void acceptsRepositoryUrlsOfAllowedSchemes(String url) {
    assertThat(urls.require("url", " " + url + " ")).isEqualTo(url);
  }

  @ParameterizedTest
  @CsvSource(quoteCharacter = '"', value = {
      "file:///srv/repo.git, does not allow",
      "http://example.com/repo.git, does not allow",
      "https://bob:hunter2@example.com/repo.git, must not contain a password",
      "\"\", is required"})
  void refusesOtherSchemesAndPasswordsInTheUrl(String url, String message) {
    assertThatThrownBy(() -> urls.require("url", url)).isInstanceOf(TandemException.class).hasMessageContaining(message);
  }

  @ParameterizedTest
  @CsvSource(quoteCharacter = '"', value = {"/clusters/prod/, clusters/prod", "\"\", \"\"", "/, \"\"", "apps, apps"})
  void pathPrefixesAreRelativeWithoutSlashesAtTheEnds(String given, String expected) {
    assertThat(GitUrls.pathPrefix(given)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"../up", "a/../b", "a//b", ".git/hooks", "a\\b"})
  void pathsThatLeaveTheTreeAreRefused(String path) {
    assertThatThrownBy(() -> GitUrls.pathPrefix(path)).isInstanceOf(TandemException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bad..branch", "ends.lock", "with space", "-"})
  void invalidBranchNamesAreRefused(String branch) {
    assertThatThrownBy(() -> GitUrls.branch(branch)).isInstanceOf(TandemException.class).hasMessageContaining("branch");
  }
}
