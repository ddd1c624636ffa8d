package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.support.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Objects as their owners wrote them, from objects exactly as a real API server returns them (recorded with the real
 * kubectl in src/test/resources/live): the fields people's tools own, without what the server or its controllers added.
 */
class AsWrittenTest {

  static final Set<String> CONTROLLERS = Set.of("kube-controller-manager", "kube-scheduler", "kubelet");

  static Map<String, Object> live(String name) {
    return JsonColumns.readMap(Fixtures.read("live/" + name + ".json"));
  }

  static String written(String name) {
    AsWritten.Result result = AsWritten.of(live(name), CONTROLLERS);
    assertThat(result.controllers()).isEmpty();
    return KubernetesYaml.renderForPeople(List.of(result.object()));
  }

  @Test
  void aDeploymentMadeWithKubectlCreateKeepsWhatWasAskedForAndNoneOfTheDefaultsItsManagerIsSaidToOwn() {
    assertThat(written("deployment-after-kubectl-create")).isEqualTo("""
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          namespace: rec
          labels:
            app: web
        spec:
          selector:
            matchLabels:
              app: web
          template:
            metadata:
              labels:
                app: web
            spec:
              containers:
              - image: nginx:1.27
                name: nginx
                ports:
                - containerPort: 80
        """);
  }

  @Test
  void aDeploymentMadeWithKubectlApplyIsWhatWasAppliedEvenWhereThatEqualsADefault() {
    // imagePullPolicy: IfNotPresent is the default for nginx:1.27, but the applied file says it
    assertThat(written("deployment-after-kubectl-apply")).isEqualTo("""
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: api
          namespace: rec
          labels:
            app.kubernetes.io/name: api
        spec:
          replicas: 2
          selector:
            matchLabels:
              app.kubernetes.io/name: api
          template:
            metadata:
              labels:
                app.kubernetes.io/name: api
            spec:
              containers:
              - image: nginx:1.27
                imagePullPolicy: IfNotPresent
                name: api
                resources:
                  limits:
                    memory: 128Mi
        """);
  }

  @Test
  void aServiceKeepsNoAddressTheServerAssignedAndNoDefault() {
    assertThat(written("service-after-kubectl-create")).isEqualTo("""
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          namespace: rec
          labels:
            app: web
        spec:
          ports:
          - name: 80-8080
            port: 80
            targetPort: 8080
          selector:
            app: web
        """);
    assertThat(written("service-after-kubectl-apply")).isEqualTo("""
        apiVersion: v1
        kind: Service
        metadata:
          name: api
          namespace: rec
          labels:
            app.kubernetes.io/name: api
        spec:
          ports:
          - port: 80
            targetPort: 8080
          selector:
            app.kubernetes.io/name: api
        """);
  }

  @Test
  void aServerSideApplyIsTakenAsSentAndAFileInAConfigMapReadsAsABlock() {
    assertThat(written("configmap-after-server-side-apply")).isEqualTo("""
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: ssa
          namespace: rec
        data:
          k: v
        """);
    assertThat(written("configmap-after-kubectl-apply")).isEqualTo("""
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: api-config
          namespace: rec
          labels:
            app.kubernetes.io/name: api
        data:
          config.yaml: |
            a: 1
            b: two
        """);
  }

  @Test
  void anObjectThatOnlyControllersWroteHasNoOwnerToTakeItFrom() {
    AsWritten.Result ca = AsWritten.of(live("configmap-kube-root-ca-crt"), CONTROLLERS);
    AsWritten.Result endpoints = AsWritten.of(live("endpoints-of-a-service"), CONTROLLERS);

    assertThat(ca.object()).isNull();
    assertThat(ca.controllers()).containsExactly("kube-controller-manager");
    assertThat(endpoints.object()).isNull();
  }

  @Test
  void whatTandemAppliedAndAKubectlEditChangedIsTheUnitAsWrittenWithTheEditAndNothingElse() {
    Map<String, Object> expected = KubernetesYaml.parse(Fixtures.paymentService().replace("memory: 128Mi", "memory: 512Mi")
        .replace("  name: paymentservice\n  labels", "  name: paymentservice\n  namespace: apptique-prod\n  labels")).get(0).content();

    Map<String, Object> written = AsWritten.of(live("deployment-after-kubectl-edit"), CONTROLLERS).object();

    assertThat(written).isEqualTo(expected);
  }

  @Test
  void replicasThatAnAutoscalerOwnsAreNotConfiguration() {
    Map<String, Object> written = AsWritten.of(live("deployment-after-hpa-scale"), CONTROLLERS).object();

    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) written.get("spec");
    assertThat(spec).doesNotContainKey("replicas").containsKey("template");
  }

  @Test
  void withoutManagedFieldsAnObjectIsCleanedAsARefreshCleansIt() {
    Map<String, Object> live = live("deployment-after-kubectl-create");
    ((Map<?, ?>) live.get("metadata")).remove("managedFields");

    String written = KubernetesYaml.renderForPeople(List.of(AsWritten.of(live, CONTROLLERS).object()));

    assertThat(written).startsWith("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: rec\n")
        .contains("progressDeadlineSeconds: 600", "imagePullPolicy: IfNotPresent")
        .doesNotContain("status", "uid", "resourceVersion", "creationTimestamp", "deployment.kubernetes.io/revision");
  }

  @Test
  void objectsMadeFromAnotherAndTheClustersOwnAreLeftOutWithWhy() {
    assertThat(LeftOut.reason(live("replicaset-of-a-deployment"))).isEqualTo("Owned by Deployment web, whose configuration makes it.");
    assertThat(LeftOut.reason(live("configmap-kube-root-ca-crt"))).contains("CA certificate");
    assertThat(LeftOut.reason(live("endpoints-of-a-service"))).contains("Service of that name");
    assertThat(LeftOut.reason(Map.of("apiVersion", "v1", "kind", "Secret", "type", "helm.sh/release.v1",
        "metadata", Map.of("name", "sh.helm.release.v1.shop.v3", "namespace", "shop")))).startsWith("Helm's record of a release");
    assertThat(LeftOut.reason(live("deployment-after-kubectl-create"))).isNull();
  }
}
