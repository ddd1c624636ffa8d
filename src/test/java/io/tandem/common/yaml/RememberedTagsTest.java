package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

class RememberedTagsTest {

  private static final List<String> SCALARS = List.of(
      "", "~", "null", "Null", "NULL", "true", "True", "false", "yes", "No", "on", "OFF", "y", "n", "0", "8080",
      "-12", "+3", "0x1F", "0o17", "017", "1_000", "1:20", "3.14", "-.5", ".inf", "-.Inf", ".NaN", "1e3", "6.8523015e+5",
      "2001-12-14", "2001-12-14t21:59:43.10-05:00", "<<", "=", "100m", "128Mi", "name", "namespace", "nginx:1.25",
      "apps/v1", "Deployment", "template", "yesterday", "nullable", "0.0.0.0", "10.0.0.1", "v1.2.3", "- x",
      "a-value-longer-than-forty-characters-which-is-not-remembered", "12345678901234567890123456789012345678901");

  @Test
  void everyScalarResolvesToTheTagSnakeYamlGivesItTheFirstTimeAndEveryTimeAfter() {
    Resolver plain = new Resolver();
    RememberedTags remembered = new RememberedTags();

    for (int round = 0; round < 3; round++) {
      for (String scalar : SCALARS) {
        assertThat(remembered.resolve(NodeId.scalar, scalar, true))
            .as("'%s', round %d", scalar, round)
            .isEqualTo(plain.resolve(NodeId.scalar, scalar, true));
        assertThat(remembered.resolve(NodeId.scalar, scalar, false)).isEqualTo(Tag.STR);
      }
    }
    assertThat(remembered.resolve(NodeId.mapping, "true", true)).isEqualTo(Tag.MAP);
    assertThat(remembered.resolve(NodeId.sequence, "true", true)).isEqualTo(Tag.SEQ);
  }

  @Test
  void aQuotedScalarAfterThePlainOneOfTheSameTextStaysAString() {
    RememberedTags remembered = new RememberedTags();

    assertThat(remembered.resolve(NodeId.scalar, "true", true)).isEqualTo(Tag.BOOL);
    assertThat(remembered.resolve(NodeId.scalar, "true", false)).isEqualTo(Tag.STR);
  }

  @Test
  void whatItRemembersStaysBoundedAndLongTextsAreNotRemembered() {
    RememberedTags remembered = new RememberedTags();

    remembered.resolve(NodeId.scalar, "x".repeat(RememberedTags.MAX_LENGTH + 1), true);
    assertThat(remembered.size()).isZero();
    for (int i = 0; i < 3 * RememberedTags.MAX_ENTRIES; i++) {
      assertThat(remembered.resolve(NodeId.scalar, Integer.toString(i), true)).isEqualTo(Tag.INT);
      assertThat(remembered.size()).isLessThanOrEqualTo(RememberedTags.MAX_ENTRIES);
    }
  }

  @Test
  void aParsedUnitReadsItsScalarsAsBeforeWhenTheirTagsAreRemembered() {
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  enabled: yes\n  port: 8080\n"
        + "  ratio: 0.5\n  empty: ~\n  when: 2001-12-14\n  quoted: \"true\"\n";

    for (int round = 0; round < 2; round++) {
      assertThat(KubernetesYaml.parse(text)).singleElement().satisfies(resource -> assertThat(
              (Map<String, Object>) resource.content().get("data"))
          .containsEntry("enabled", true)
          .containsEntry("port", 8080)
          .containsEntry("ratio", 0.5)
          .containsEntry("empty", null)
          .containsEntry("when", "2001-12-14")
          .containsEntry("quoted", "true"));
    }
  }
}
