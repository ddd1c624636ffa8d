package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ParsedContentTest {

  @Test
  void theSameTextIsParsedOnceWhileItIsAmongTheMostRecentEntries() {
    String text = configMap(UUID.randomUUID().toString());
    List<KubernetesResource> first = ParsedContent.parse(text);

    assertThat(ParsedContent.parse(text)).isSameAs(first);
    assertThat(first).singleElement().satisfies(resource -> assertThat(resource.name()).isEqualTo("settings"));
  }

  @Test
  void aTextOutsideTheLast256ParsedIsParsedAgain() {
    String oldest = configMap(UUID.randomUUID().toString());
    List<KubernetesResource> first = ParsedContent.parse(oldest);
    String recent = null;
    for (int i = 0; i < 256; i++) {
      recent = configMap(UUID.randomUUID().toString());
      ParsedContent.parse(recent);
    }
    List<KubernetesResource> newest = ParsedContent.parse(recent);

    assertThat(ParsedContent.parse(oldest)).isNotSameAs(first).isEqualTo(first);
    assertThat(ParsedContent.parse(recent)).isSameAs(newest);
  }

  @Test
  void aTextParsedUnderTheDefaultLimitIsServedUnderALowerOneItKeeps() {
    String text = configMap(UUID.randomUUID().toString());
    List<KubernetesResource> first = ParsedContent.parse(text);

    assertThat(ParsedContent.parse(text, 1_000)).isSameAs(first);
  }

  @Test
  void aCachedTextIsStillRefusedUnderALimitItExpandsBeyond() {
    String value = "x".repeat(100) + UUID.randomUUID();
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: &v \"" + value
        + "\"\n  b: *v\n  c: *v\n  d: *v\n";
    ParsedContent.parse(text);

    assertThatThrownBy(() -> ParsedContent.parse(text, 300))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_YAML));
  }

  private static String configMap(String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  value: \"" + value + "\"\n";
  }
}
