package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class KubernetesYamlTest {

  private static final String NAMESPACE_AND_DEPLOYMENT =
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: prod
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: api
        namespace: prod
      spec:
        replicas: 2
      """;

  @Test
  void parsesEveryDocumentWithItsIdentity() {
    List<KubernetesResource> resources = KubernetesYaml.parse(NAMESPACE_AND_DEPLOYMENT);

    assertThat(resources)
        .extracting(KubernetesResource::id)
        .containsExactly("v1/Namespace//prod", "apps/v1/Deployment/prod/api");
    KubernetesResource deployment = resources.get(1);
    assertThat(deployment.apiVersion()).isEqualTo("apps/v1");
    assertThat(deployment.kind()).isEqualTo("Deployment");
    assertThat(deployment.namespace()).isEqualTo("prod");
    assertThat(deployment.name()).isEqualTo("api");
    assertThat(deployment.type()).isEqualTo("apps/v1/Deployment");
    assertThat(deployment.content()).extractingByKey("spec", MAP).containsEntry("replicas", 2);
  }

  @Test
  void objectWithoutNamespaceHasEmptyNamespaceSegment() {
    KubernetesResource namespace = KubernetesYaml.parse(NAMESPACE_AND_DEPLOYMENT).get(0);

    assertThat(namespace.namespace()).isNull();
    assertThat(namespace.id()).isEqualTo("v1/Namespace//prod");
  }

  @Test
  void contentKeepsKeyOrder() {
    KubernetesResource deployment = KubernetesYaml.parse(NAMESPACE_AND_DEPLOYMENT).get(1);

    assertThat(deployment.content().keySet()).containsExactly("apiVersion", "kind", "metadata", "spec");
  }

  @Test
  void recordsDocumentPositionAndStartLine() {
    List<KubernetesResource> resources = KubernetesYaml.parse(NAMESPACE_AND_DEPLOYMENT);

    assertThat(resources).extracting(KubernetesResource::document).containsExactly(1, 2);
    assertThat(resources).extracting(KubernetesResource::line).containsExactly(1, 6);
  }

  @Test
  void aParseAfterOneThatFailedMidDocumentReadsOnlyItsOwnText() {
    String anchored = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: &d {k: v}\nalso: *d\n";
    List<KubernetesResource> before = KubernetesYaml.parse(anchored);

    assertThatThrownBy(() -> KubernetesYaml.parse(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: &e {k: v, k: w}\nalso: *e\n"))
        .isInstanceOf(TandemException.class);

    assertThat(KubernetesYaml.parse(anchored)).isEqualTo(before);
    assertThat(KubernetesYaml.parse(anchored).get(0).content()).containsEntry("also", Map.of("k", "v"));
  }

  @Test
  void emptyTextHasNoResources() {
    assertThat(KubernetesYaml.parse("")).isEmpty();
    assertThat(KubernetesYaml.parse("# nothing here\n")).isEmpty();
  }

  @Test
  void emptyDocumentsAreSkippedButStillCounted() {
    String text =
        """
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: first
        ---
        # only a comment in this document
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: second
        ---
        """;

    List<KubernetesResource> resources = KubernetesYaml.parse(text);

    assertThat(resources).extracting(KubernetesResource::name).containsExactly("first", "second");
    assertThat(resources).extracting(KubernetesResource::document).containsExactly(1, 3);
    assertThat(resources).extracting(KubernetesResource::line).containsExactly(2, 9);
  }

  @Test
  void syntaxErrorIsInvalidYamlNamingDocumentLineAndColumn() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: fine
        ---
        apiVersion: v1
        kind: [ConfigMap
        metadata:
          name: broken
        """;

    assertRejected(text, ProblemCode.INVALID_YAML)
        .hasMessageContaining("Document 2")
        .hasMessageContaining("line 8")
        .hasMessageContaining("column 9");
  }

  @Test
  void tabIndentationIsInvalidYaml() {
    assertRejected("apiVersion: v1\n\tkind: ConfigMap\n", ProblemCode.INVALID_YAML)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("line 2");
  }

  @Test
  void listDocumentIsNotAKubernetesObject() {
    String text =
        """
        - apiVersion: v1
          kind: ConfigMap
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("not a mapping");
  }

  @Test
  void scalarDocumentIsNotAKubernetesObject() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: fine
        ---
        just some words
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 2 (line 6)")
        .hasMessageContaining("not a mapping");
  }

  @Test
  void missingApiVersionIsNamed() {
    String text =
        """
        kind: ConfigMap
        metadata:
          name: x
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("'apiVersion'");
  }

  @Test
  void missingKindIsNamed() {
    String text =
        """
        apiVersion: v1
        metadata:
          name: x
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("'kind'");
  }

  @Test
  void missingMetadataIsNamed() {
    String text =
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: ok
        ---
        apiVersion: v1
        kind: ConfigMap
        data:
          a: b
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 2")
        .hasMessageContaining("'metadata'");
  }

  @Test
  void missingMetadataNameIsNamed() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          namespace: prod
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("'metadata.name'");
  }

  @Test
  void onlyAHookMayHaveAGenerateNameInsteadOfAName() {
    String job = """
        apiVersion: batch/v1
        kind: Job
        metadata:
          generateName: migrate-
        %s""";

    assertRejected(job.formatted(""), ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("'metadata.generateName' and no 'metadata.name': only a hook");
    KubernetesResource hook = KubernetesYaml.parse(job.formatted("  annotations: {helm.sh/hook: pre-install}\n")).get(0);
    assertThat(hook.name()).isEqualTo("migrate-");
    assertThat(hook.id()).isEqualTo("batch/v1/Job//migrate-");
  }

  @Test
  void nonStringKindIsRejected() {
    String text =
        """
        apiVersion: v1
        kind: [ConfigMap]
        metadata:
          name: x
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("'kind'")
        .hasMessageContaining("not a non-empty string");
  }

  @Test
  void nonStringNamespaceIsRejected() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: x
          namespace: 42
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 1")
        .hasMessageContaining("'metadata.namespace'");
  }

  @Test
  void sameObjectTwiceIsRejected() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: prod
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          namespace: prod
          name: settings
        """;

    assertRejected(text, ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("Document 2")
        .hasMessageContaining("v1/ConfigMap/prod/settings");
  }

  @Test
  void sameNameInAnotherNamespaceIsAnotherObject() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: prod
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: staging
        """;

    assertThat(KubernetesYaml.parse(text)).hasSize(2);
  }

  @Test
  void duplicateMappingKeysAreInvalidYaml() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
          mode: fast
          mode: slow
        """;

    assertRejected(text, ProblemCode.INVALID_YAML).hasMessageContaining("mode");
  }

  @Test
  void constructionErrorNamesTheDocumentItIsIn() {
    String text =
        """
        !unknown-tag
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        """;

    assertRejected(text, ProblemCode.INVALID_YAML).hasMessageContaining("Document 1 ");
  }

  @Test
  void timestampLookingScalarStaysAString() {
    Map<?, ?> data = data("when: 2024-01-02T03:04:05Z\nday: 2024-01-02");

    assertThat(data.get("when")).isEqualTo("2024-01-02T03:04:05Z");
    assertThat(data.get("day")).isEqualTo("2024-01-02");
  }

  @Test
  void quotedNumberStaysAStringWhilePlainNumberIsAnInteger() {
    Map<?, ?> data = data("quoted: \"50051\"\nplain: 50051\nflag: true");

    assertThat(data.get("quoted")).isEqualTo("50051");
    assertThat(data.get("plain")).isEqualTo(50051);
    assertThat(data.get("flag")).isEqualTo(Boolean.TRUE);
  }

  @Test
  void aliasBombIsRejectedRatherThanExpanded() {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: lol
        data:
          a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
          b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
          c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
          d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
          e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
          f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
          g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
          h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
          i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
        """;

    assertRejected(text, ProblemCode.INVALID_YAML).hasMessageContaining("aliases");
  }

  @Test
  void aFewAliasesAreAllowed() {
    Map<?, ?> data = data("base: &base {a: b}\ncopy: *base");

    assertThat(data.get("copy")).isEqualTo(Map.of("a", "b"));
  }

  @Test
  void scalarAliasesThatExpandBeyondTheLimitAreInvalidYaml() {
    String big = "x".repeat(10_000);
    StringBuilder lines = new StringBuilder("value: &v \"" + big + "\"\n");
    for (int i = 0; i < 200; i++) {
      lines.append("k").append(i).append(": *v\n");
    }
    String text = configMap(lines.toString());

    assertThat(text.length()).isLessThan(20_000);
    assertThatThrownBy(() -> KubernetesYaml.parse(text, 1_000_000))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_YAML))
        .hasMessageContaining("expands through its aliases to more than 1000000 characters");
  }

  @Test
  void textWithoutAliasesIsWithinALimitOfItsOwnLength() {
    String text = configMap("a: " + "x".repeat(5_000) + "\nb: [1, 2, {c: ''}]\n");

    assertThat(KubernetesYaml.parse(text, text.length())).hasSize(1);
  }

  @Test
  void escapedNulIsRefusedNamingItsPath() {
    assertRejected(configMap("password: \"a\\0b\"\n"), ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("'data.password'")
        .hasMessageContaining("NUL");
  }

  @Test
  void escapedLoneSurrogateIsRefusedNamingItsPath() {
    assertRejected(configMap("\"k\\ud800\": v\n"), ProblemCode.VALIDATION_FAILED)
        .hasMessageContaining("a key in 'data'")
        .hasMessageContaining("unpaired surrogate");
  }

  @Test
  void explicitNullDocumentIsNotAKubernetesObject() {
    assertRejected("null", ProblemCode.VALIDATION_FAILED).hasMessageContaining("not a mapping");
    assertRejected("~\n", ProblemCode.VALIDATION_FAILED).hasMessageContaining("not a mapping");
  }

  private static String configMap(String dataLines) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
        """
        + dataLines.lines().map(line -> "  " + line + "\n").reduce("", String::concat);
  }

  private static Map<?, ?> data(String dataLines) {
    String text =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
        """
            + dataLines.lines().map(line -> "  " + line + "\n").reduce("", String::concat);
    return (Map<?, ?>) KubernetesYaml.parse(text).get(0).content().get("data");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertRejected(String text, ProblemCode code) {
    return assertThatThrownBy(() -> KubernetesYaml.parse(text))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  @Test
  void textForPeopleShowsAFileAsABlockAndReadsBackTheSame() {
    Map<String, Object> configMap = new java.util.LinkedHashMap<>(Map.of("apiVersion", "v1", "kind", "ConfigMap",
        "metadata", Map.of("name", "files")));
    configMap.put("data", new java.util.LinkedHashMap<>(Map.of("app.yaml", "a: 1\nb: two\n", "no-newline", "x\ny",
        "trailing-space", "x \ny\n", "port", "8080")));

    String text = KubernetesYaml.renderForPeople(List.of(configMap));

    assertThat(text).contains("app.yaml: |\n    a: 1\n    b: two\n", "port: '8080'");
    assertThat(KubernetesYaml.parse(text).get(0).content()).isEqualTo(configMap);
  }
}
