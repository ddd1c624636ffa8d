package io.tandem.git.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.git.GitProperties;
import io.tandem.git.jgit.JGitSyntax;
import io.tandem.sandbox.SandboxProperties;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class GitUrlsTest {

  static final OutboundPolicy POLICY = new OutboundPolicy(new OutboundProperties(false, List.of()));

  final GitUrls urls = gitUrls("https,ssh", true);

  static GitUrls gitUrls(String allowedSchemes, boolean sandbox) {
    Binder binder = new Binder(new MapConfigurationPropertySource(
        Map.of("tandem.git.allowed-schemes", allowedSchemes, "tandem.sandbox.enabled", String.valueOf(sandbox))));
    return new GitUrls(binder.bindOrCreate("tandem.git", GitProperties.class),
        binder.bindOrCreate("tandem.sandbox", SandboxProperties.class), POLICY, new JGitSyntax());
  }

  @org.junit.jupiter.api.Test
  void fileUrlsAreAcceptedByDefaultOnlyWhereTheSandboxRuns() {
    assertThat(gitUrls("", true).require("url", "file:///srv/repo.git")).isEqualTo("file:///srv/repo.git");
    assertThatThrownBy(() -> gitUrls("", false).require("url", "file:///srv/repo.git"))
        .isInstanceOf(TandemException.class).hasMessageContaining("does not allow");
    assertThat(gitUrls("", false).require("url", "https://github.com/acme/deploy.git")).isNotBlank();
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
    assertThatThrownBy(() -> urls.branch(branch)).isInstanceOf(TandemException.class).hasMessageContaining("branch");
  }

  @ParameterizedTest
  @CsvSource({"/some/folder, file", "./repo, file", "relative/folder, file", "file:/srv/repo.git, file",
      "file:///srv/repo.git, file", "git@github.com:acme/deploy.git, ssh", "github.com:acme/deploy.git, ssh",
      "ssh://git@github.com/acme/deploy.git, ssh", "HTTPS://github.com/acme/deploy.git, https"})
  void urlsAreClassedTheWayGitReadsThem(String url, String scheme) {
    assertThat(urls.parse("url", url).scheme()).isEqualTo(scheme);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/some/folder", "relative", "file:/srv/repo.git"})
  void aPathWithoutASchemeIsAFolderOnTheServerAndNeedsTheFileScheme(String url) {
    assertThatThrownBy(() -> urls.require("url", url)).isInstanceOf(TandemException.class)
        .hasMessageContaining("'file', which this server does not allow");
  }

  @ParameterizedTest
  @ValueSource(strings = {"a\u0000b", "https://github.com/a\u0000b.git", "git@github.com:acme/\u001b[31m.git", "x\u007f"})
  void controlCharactersAreRefusedNamingTheField(String url) {
    assertThatThrownBy(() -> urls.require("url", url)).isInstanceOf(TandemException.class)
        .hasMessageContaining("'url'").hasMessageContaining("control character");
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://", "https:///repo.git", "file://otherhost/srv/repo.git", "c:repo", "ssh://-oProxyCommand=x/repo",
      "https://host/my repo.git"})
  void unparsableUrlsAreRefused(String url) {
    assertThatThrownBy(() -> urls.parse("url", url)).isInstanceOf(TandemException.class).hasMessageContaining("'url'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://127.0.0.1/repo.git", "ssh://git@[::1]/repo.git", "git@169.254.169.254:repo.git",
      "https://10.0.0.8/repo.git", "https://0.0.0.0/repo.git"})
  void remotesOnNonPublicAddressesAreRefused(String url) {
    assertThatThrownBy(() -> urls.require("url", url)).isInstanceOfSatisfying(TandemException.class,
        e -> assertThat(e.code()).isEqualTo(io.tandem.common.error.ProblemCode.DESTINATION_NOT_ALLOWED));
  }
}
