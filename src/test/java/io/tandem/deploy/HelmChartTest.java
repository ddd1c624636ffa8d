package io.tandem.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The chart in {@code server/chart} lints, renders what a deployment needs, and {@code server/deploy/tandem.yaml} is
 * its rendering with the default values ({@code -Dgolden.update=true} rewrites it).
 */
class HelmChartTest {

  static final Path CHART = Path.of("server/chart");
  static final Path RENDERED = Path.of("server/deploy/tandem.yaml");
  static final String HEADER = "# Rendered from server/chart with its default values (release 'tandem'); regenerate with\n"
      + "#   ./mvnw -B -o -q test -Dtest=HelmChartTest -Dgolden.update=true\n";

  @Test
  void theChartLintsStrictly() {
    assertLintsStrictly(CHART);
  }

  @Test
  void thePlainManifestsAreTheChartRenderedWithItsDefaults() throws IOException {
    assertRenderedAs(CHART, "tandem", "tandem", HEADER, RENDERED);
  }

  static void assertLintsStrictly(Path chart) {
    LintResult lint = new Helm(chart).lint().strict().call();

    assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
  }

  /** {@code rendered} holds {@code header} and the chart rendered with its defaults ({@code -Dgolden.update} writes it). */
  static void assertRenderedAs(Path chart, String release, String namespace, String header, Path rendered)
      throws IOException {
    String manifests = header + new Helm(chart).template().withName(release).withNamespace(namespace).call();
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(rendered, manifests, StandardCharsets.UTF_8);
    }

    assertThat(Files.readString(rendered)).isEqualTo(manifests);
  }

  @Test
  void theDeploymentRunsReplicasAsNonRootOnAReadOnlyRootWithSecretsFromASecret() {
    Map<String, Map<String, Object>> objects = byKind(new Helm(CHART).template().withName("tandem").call());

    assertThat(objects).containsOnlyKeys("Deployment", "Service", "PodDisruptionBudget");
    Map<String, Object> deployment = objects.get("Deployment");
    assertThat(at(deployment, "spec", "replicas")).isEqualTo(3);
    Map<String, Object> pod = cast(at(deployment, "spec", "template", "spec"));
    assertThat(at(pod, "securityContext", "runAsNonRoot")).isEqualTo(true);
    Map<String, Object> container = first(pod.get("containers"));
    assertThat(at(container, "securityContext", "readOnlyRootFilesystem")).isEqualTo(true);
    assertThat(at(container, "readinessProbe", "httpGet", "path")).isEqualTo("/actuator/health/readiness");
    assertThat(at(container, "livenessProbe", "httpGet", "path")).isEqualTo("/actuator/health/liveness");
    assertThat(container.get("volumeMounts").toString()).contains("mountPath=/tmp");
    List<Map<String, Object>> env = list(container.get("env"));
    assertThat(env).extracting(variable -> variable.get("name")).contains("SPRING_DATASOURCE_URL",
        "SPRING_DATASOURCE_PASSWORD", "TANDEM_ENCRYPTION_KEY", "TANDEM_SECURITY_BOOTSTRAP_TOKEN");
    for (Map<String, Object> variable : env) {
      if (!variable.get("name").toString().startsWith("SPRING_DATASOURCE_U") && variable.get("name").toString().matches(
          ".*(PASSWORD|KEY|TOKEN)")) {
        assertThat(variable).as("a secret never inline").doesNotContainKey("value").containsKey("valueFrom");
      }
    }
  }

  @Test
  void anIngressAndAServiceMonitorAreThereWhenAskedFor() {
    Map<String, Map<String, Object>> objects = byKind(new Helm(CHART).template().withName("tandem")
        .set("ingress.enabled", true).set("serviceMonitor.enabled", true).set("replicaCount", 5).call());

    assertThat(objects).containsKeys("Ingress", "ServiceMonitor");
    assertThat(at(objects.get("Deployment"), "spec", "replicas")).isEqualTo(5);
    assertThat(at(objects.get("ServiceMonitor"), "spec").toString()).contains("/actuator/prometheus");
  }

  static Map<String, Map<String, Object>> byKind(String manifests) {
    Map<String, Map<String, Object>> objects = new LinkedHashMap<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(manifests)) {
      if (document instanceof Map<?, ?> object) {
        objects.put(Objects.toString(object.get("kind")), cast(object));
      }
    }
    return objects;
  }

  static Object at(Map<String, Object> object, String... path) {
    Object current = object;
    for (String key : path) {
      current = cast(current).get(key);
    }
    return current;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object object) {
    return (Map<String, Object>) object;
  }

  private static Map<String, Object> first(Object list) {
    return list(list).get(0);
  }

  private static List<Map<String, Object>> list(Object list) {
    List<Map<String, Object>> items = new ArrayList<>();
    ((List<?>) list).forEach(item -> items.add(cast(item)));
    return items;
  }
}
