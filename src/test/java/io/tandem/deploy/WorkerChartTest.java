package io.tandem.deploy;

import static io.tandem.deploy.HelmChartTest.at;
import static io.tandem.deploy.HelmChartTest.byKind;
import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.Helm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The worker's chart in {@code server/worker-chart} lints, runs one worker process with a ServiceAccount limited to
 * its rules, and {@code server/deploy/tandem-worker.yaml} is its rendering with the default values
 * ({@code -Dgolden.update=true} rewrites it).
 */
class WorkerChartTest {

  static final Path CHART = Path.of("server/worker-chart");
  static final Path RENDERED = Path.of("server/deploy/tandem-worker.yaml");
  static final String HEADER = "# Rendered from server/worker-chart with its default values (release 'tandem-worker');"
      + " regenerate with\n#   ./mvnw -B -o -q test -Dtest=WorkerChartTest -Dgolden.update=true\n";

  @Test
  void theChartLintsStrictly() {
    HelmChartTest.assertLintsStrictly(CHART);
  }

  @Test
  void thePlainManifestsAreTheChartRenderedWithItsDefaults() throws IOException {
    HelmChartTest.assertRenderedAs(CHART, "tandem-worker", "tandem", HEADER, RENDERED);
  }

  @Test
  void oneWorkerProcessRunsAsNonRootWithItsOwnServiceAccountAndItsCredentialFromASecret() {
    Map<String, Map<String, Object>> objects = byKind(new Helm(CHART).template().withName("east").call());

    assertThat(objects).containsOnlyKeys("ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Deployment");
    Map<String, Object> deployment = objects.get("Deployment");
    assertThat(at(deployment, "spec", "replicas")).as("a second start takes the first one's calls").isEqualTo(1);
    assertThat(at(deployment, "spec", "strategy", "type")).isEqualTo("Recreate");
    assertThat(at(deployment, "spec", "template", "spec", "serviceAccountName"))
        .isEqualTo(at(objects.get("ServiceAccount"), "metadata", "name"));
    assertThat(at(deployment, "spec", "template", "spec", "securityContext", "runAsNonRoot")).isEqualTo(true);
    String container = at(deployment, "spec", "template", "spec", "containers").toString();
    assertThat(container).contains("readOnlyRootFilesystem=true", "name=TANDEM_WORKER_CREDENTIAL, valueFrom={secretKeyRef");
  }

  @Test
  void itsRulesGrantNoRbacNorAnythingOfEveryKind() {
    Map<String, Map<String, Object>> objects = byKind(new Helm(CHART).template().withName("east").call());

    List<?> rules = (List<?>) objects.get("ClusterRole").get("rules");
    assertThat(rules).isNotEmpty();
    assertThat(rules.toString()).doesNotContain("*", "rbac.authorization.k8s.io", "escalate", "bind", "impersonate",
        "nodes");
  }

  @Test
  void namespacesListedGiveARoleInEachAndNothingClusterWide() {
    String rendered = new Helm(CHART).template().withName("east").set("rbac.namespaces[0]", "shop")
        .set("rbac.namespaces[1]", "payments").call();

    assertThat(byKind(rendered)).containsOnlyKeys("ServiceAccount", "Role", "RoleBinding", "Deployment");
    assertThat(rendered).contains("kind: Role\nmetadata:\n  name: east-tandem-worker\n  namespace: shop",
        "kind: Role\nmetadata:\n  name: east-tandem-worker\n  namespace: payments");
  }
}
