package io.tandem.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class SecurityPropertiesTest {

  static SecurityProperties bind(Map<String, String> settings) {
    return new Binder(new MapConfigurationPropertySource(settings))
        .bindOrCreate("tandem.security", SecurityProperties.class);
  }

  @Test
  void withNothingConfiguredTokensAreRequiredAndOidcIsOff() {
    SecurityProperties security = bind(Map.of());

    assertThat(security.anonymous()).isFalse();
    assertThat(security.bootstrapToken()).isEmpty();
    assertThat(security.expensiveCallsPerMinute()).isEqualTo(120);
    assertThat(security.oidc().issuerUri()).isEmpty();
    assertThat(security.oidc().jwkSetUri()).isEmpty();
    assertThat(security.oidc().subjectClaim()).isEqualTo("preferred_username");
    assertThat(security.cache().ttl()).isEqualTo(Duration.ofSeconds(5));
    assertThat(security.cache().changePoll()).isEqualTo(Duration.ofMillis(250));
    assertThat(security.cache().entries()).isEqualTo(10_000);
  }

  @Test
  void theCacheSettingsBindAsDurations() {
    SecurityProperties security = bind(Map.of(
        "tandem.security.cache.ttl", "0",
        "tandem.security.cache.change-poll", "1s",
        "tandem.security.cache.entries", "50"));

    assertThat(security.cache().ttl()).isZero();
    assertThat(security.cache().changePoll()).isEqualTo(Duration.ofSeconds(1));
    assertThat(security.cache().entries()).isEqualTo(50);
  }

  @Test
  void nestedOidcSettingsBindByTheirKebabCaseNames() {
    SecurityProperties security = bind(Map.of(
        "tandem.security.oidc.issuer-uri", "https://login.example.com",
        "tandem.security.oidc.admin-group", "platform",
        "tandem.security.expensive-calls-per-minute", "30"));

    assertThat(security.oidc().issuerUri()).isEqualTo("https://login.example.com");
    assertThat(security.oidc().adminGroup()).isEqualTo("platform");
    assertThat(security.oidc().subjectClaim()).isEqualTo("preferred_username");
    assertThat(security.expensiveCallsPerMinute()).isEqualTo(30);
  }

  @Test
  void theBootstrapTokenNeverShowsInTheSettingsText() {
    SecurityProperties security = bind(Map.of("tandem.security.bootstrap-token", "tdm_abc_s3cr3tvalue"));

    assertThat(security.bootstrapToken()).isEqualTo("tdm_abc_s3cr3tvalue");
    assertThat(security.toString()).doesNotContain("s3cr3t").contains("bootstrapToken=(set)");
  }
}
