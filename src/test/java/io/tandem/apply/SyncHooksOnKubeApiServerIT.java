package io.tandem.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.OutOfBand;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Argo CD's example apps for sync waves and hooks, rebuilt from their documented behaviour, and a Helm chart's
 * install and upgrade hooks, on the real control plane: kube-controller-manager runs the Jobs and Deployments, kwok
 * their pods (those of a {@code failing.invalid/} image fail). The order is read from watches of the namespace, as
 * the objects appear and become ready.
 */
@TandemIT
@RealCluster
class SyncHooksOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  Api api;
  String space;
  OutOfBand tool;
  final List<String> seen = new ArrayList<>();
  final List<Watch> watches = new ArrayList<>();

  @BeforeEach
  void setUp() {
    api = new Api(port).withTimeout(Duration.ofSeconds(150));
    space = Api.uniqueSlug("hooks");
    api.post("/api/v1/spaces", Map.of("slug", space));
    tool = OutOfBand.asATool(sandbox);
    tool.namespace(space);
    KubernetesClient client = tool.client();
    watches.add(client.batch().v1().jobs().inNamespace(space).watch(recorder(job -> job.getStatus() != null
        && job.getStatus().getSucceeded() != null && job.getStatus().getSucceeded() > 0 ? "complete" : null)));
    watches.add(client.apps().deployments().inNamespace(space).watch(recorder(deployment -> deployment.getStatus() != null
        && deployment.getStatus().getAvailableReplicas() != null && deployment.getStatus().getAvailableReplicas() > 0
        ? "available" : null)));
    watches.add(client.configMaps().inNamespace(space).watch(recorder(configMap -> null)));
  }

  @AfterEach
  void tearDown() {
    watches.forEach(Watch::close);
    tool.close();
  }

  /** Records {@code added Kind/name}, and once each, the state {@code done} names ({@code available Kind/name}). */
  <T extends HasMetadata> Watcher<T> recorder(java.util.function.Function<T, String> done) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, T object) {
        String name = object.getKind() + "/" + object.getMetadata().getName();
        String state = action == Action.ADDED ? "added" : action == Action.DELETED ? "deleted" : done.apply(object);
        synchronized (seen) {
          if (state != null && !seen.contains(state + " " + name)) {
            seen.add(state + " " + name);
          }
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  List<String> seen() {
    synchronized (seen) {
      return List.copyOf(seen);
    }
  }

  /** A unit of the objects, in the test's namespace. */
  String unit(String slug, String data) {
    String namespaced = data.replaceAll("(?m)^metadata:\n", "metadata:\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", namespaced, "target", "sandbox"));
    return "/api/v1/spaces/" + space + "/units/" + slug;
  }

  static String job(String name, String image, String annotations) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: %s
          annotations: {%s}
        spec:
          backoffLimit: 0
          template:
            spec:
              restartPolicy: Never
              containers:
              - name: run
                image: %s
        """.formatted(name, annotations, image);
  }

  static String deployment(String name, String annotations) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %1$s
          annotations: {%2$s}
        spec:
          replicas: 1
          selector:
            matchLabels: {app: %1$s}
          template:
            metadata:
              labels: {app: %1$s}
            spec:
              containers:
              - name: web
                image: registry.example/%1$s:1
        """.formatted(name, annotations);
  }

  static String configMap(String name, String annotations) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          annotations: {%s}
        data:
          level: info
        """.formatted(name, annotations);
  }

  @Test
  void argoCdsWavesAndHooksApplyPhaseByPhaseAndWaveByWaveEachReadyBeforeTheNext() {
    String unit = unit("shop", String.join("---\n",
        deployment("frontend", "argocd.argoproj.io/sync-wave: '1'"),
        job("smoke-test", "registry.example/smoke:1",
            "argocd.argoproj.io/hook: PostSync, argocd.argoproj.io/hook-delete-policy: HookSucceeded"),
        deployment("backend", ""),
        configMap("settings", "argocd.argoproj.io/sync-wave: '-1'"),
        job("upgrade-sql-schema", "registry.example/migrate:1", "argocd.argoproj.io/hook: PreSync")));

    JsonNode action = api.post(unit + "/apply?wait=120", null).json();

    assertThat(action.path("result").asString()).as(action + " " + seen()).isEqualTo("ApplyCompleted");
    assertThat(action.path("message").asString()).contains("Steps: PreSync hook Job/upgrade-sql-schema succeeded;",
        "wave -1 healthy; wave 0 healthy; wave 1 healthy; PostSync hook Job/smoke-test succeeded");
    List<String> order = seen();
    assertThat(order).containsSubsequence("complete Job/upgrade-sql-schema", "added ConfigMap/settings",
        "added Deployment/backend", "available Deployment/backend", "added Deployment/frontend",
        "available Deployment/frontend", "added Job/smoke-test", "complete Job/smoke-test");
    assertThat(order.indexOf("added ConfigMap/settings")).as("the settings wave after the PreSync hook completed")
        .isGreaterThan(order.indexOf("complete Job/upgrade-sql-schema"));
    await("the PostSync hook deleted once it succeeded").atMost(Duration.ofSeconds(30))
        .until(() -> tool.client().batch().v1().jobs().inNamespace(space).withName("smoke-test").get() == null);
    assertThat(tool.client().batch().v1().jobs().inNamespace(space).withName("upgrade-sql-schema").get())
        .as("kept, as it has no delete policy but BeforeHookCreation").isNotNull();

    // hooks are not the unit's objects: not live, not drift (the deleted smoke test is not Missing)
    JsonNode live = api.get(unit + "/live").json();
    assertThat(live.path("resources").findValuesAsString("name")).containsExactlyInAnyOrder("frontend", "backend", "settings");
    JsonNode refresh = api.post(unit + "/refresh?wait=30", null).json();
    assertThat(refresh.path("result").asString()).isEqualTo("RefreshAndNoDrift");
    await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit).json().path("health").path("status").asString(),
        "Healthy"::equals);

    // applied again: the kept PreSync Job is deleted before it is created anew (BeforeHookCreation), and runs again
    String firstRun = tool.client().batch().v1().jobs().inNamespace(space).withName("upgrade-sql-schema").get()
        .getMetadata().getUid();
    JsonNode again = api.post(unit + "/apply?wait=120", null).json();
    assertThat(again.path("result").asString()).as(again.toString()).isEqualTo("ApplyCompleted");
    assertThat(again.path("message").asString()).contains("PreSync hook Job/upgrade-sql-schema succeeded");
    assertThat(tool.client().batch().v1().jobs().inNamespace(space).withName("upgrade-sql-schema").get().getMetadata()
        .getUid()).isNotEqualTo(firstRun);
  }

  @Test
  void aHookWithGenerateNameRunsAsANewJobAtEachApplyAsArgoCdRunsIt() {
    String unit = unit("orders", String.join("---\n", deployment("orders", ""),
        job("migrate-", "registry.example/migrate:1", "argocd.argoproj.io/hook: PreSync")
            .replace("  name: migrate-\n", "  generateName: migrate-\n")));

    JsonNode first = api.post(unit + "/apply?wait=120", null).json();
    JsonNode second = api.post(unit + "/apply?wait=120", null).json();

    assertThat(first.path("result").asString()).as(first + " " + seen()).isEqualTo("ApplyCompleted");
    assertThat(second.path("result").asString()).as(second + " " + seen()).isEqualTo("ApplyCompleted");
    String messages = first.path("message").asString() + "\n" + second.path("message").asString();
    List<String> jobs = tool.client().batch().v1().jobs().inNamespace(space).list().getItems().stream()
        .map(job -> job.getMetadata().getName()).toList();
    assertThat(jobs).as("one Job per apply, as with Argo CD").hasSize(2)
        .allSatisfy(name -> assertThat(name).matches("migrate-[a-z0-9]{5}"))
        .allSatisfy(name -> assertThat(messages).contains("PreSync hook Job/" + name + " succeeded"));
    assertThat(api.get(unit + "/live").json().path("resources").findValuesAsString("name")).containsExactly("orders");
  }

  @Test
  void aFailingPreSyncHookStopsTheApplyWithItsReasonAndTheSyncFailHookRuns() {
    String unit = unit("payments", String.join("---\n",
        job("migrate", "failing.invalid/migrate:1", "argocd.argoproj.io/hook: PreSync"),
        deployment("payments", ""),
        job("page-the-team", "registry.example/notify:1", "argocd.argoproj.io/hook: SyncFail")));

    JsonNode action = api.post(unit + "/apply?wait=120", null).json();

    assertThat(action.path("result").asString()).as(action + " " + seen()).isEqualTo("ApplyFailed");
    assertThat(action.path("message").asString()).contains("failed at Job/migrate: BackoffLimitExceeded",
        "PreSync hook Job/migrate failed: BackoffLimitExceeded", "SyncFail hook Job/page-the-team succeeded")
        .as("what its pod said").containsPattern("BackoffLimitExceeded; pod migrate-[a-z0-9]+: container run exited 1"
            + " \\(Error\\): sandbox: the image failing.invalid/migrate:1 fails at start");
    assertThat(seen()).contains("added Job/page-the-team").doesNotContain("added Deployment/payments");
    assertThat(tool.client().apps().deployments().inNamespace(space).withName("payments").get()).isNull();
    assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).isZero();
  }

  @Test
  void aChartsPreInstallJobRunsAtInstallAndItsPostUpgradeHookAtUpgradeAsHelmRunsThem() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("Chart.yaml", "apiVersion: v2\nname: ledger\nversion: 1.0.0\n");
    files.put("values.yaml", "tag: \"1\"\n");
    files.put("templates/deployment.yaml", deployment("{{ .Release.Name }}", "")
        .replace("registry.example/{{ .Release.Name }}:1", "registry.example/ledger:{{ .Values.tag }}"));
    files.put("templates/init.yaml", job("{{ .Release.Name }}-init", "registry.example/init:1",
        "helm.sh/hook: pre-install, helm.sh/hook-weight: '-5'"));
    files.put("templates/notify.yaml", job("{{ .Release.Name }}-notify", "registry.example/notify:1",
        "helm.sh/hook: post-upgrade, helm.sh/hook-delete-policy: hook-succeeded"));
    JsonNode imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("source", "helm",
        "chart", Base64.getEncoder().encodeToString(TestCharts.tgz("ledger", files)), "release", "ledger",
        "namespace", space, "target", "sandbox")).json();
    assertThat(imported.toString()).contains("ledger");
    String unit = "/api/v1/spaces/" + space + "/units/ledger";
    assertThat(api.get(unit + "/data").body()).contains("helm.sh/hook: pre-install", "helm.sh/hook: post-upgrade");

    JsonNode install = api.post(unit + "/apply?wait=120", null).json();

    assertThat(install.path("result").asString()).as(install.toString()).isEqualTo("ApplyCompleted");
    assertThat(install.path("message").asString()).contains("PreSync hook Job/ledger-init succeeded")
        .doesNotContain("ledger-notify");
    assertThat(seen()).containsSubsequence("complete Job/ledger-init", "added Deployment/ledger")
        .doesNotContain("added Job/ledger-notify");
    String initUid = tool.client().batch().v1().jobs().inNamespace(space).withName("ledger-init").get().getMetadata().getUid();

    api.post(unit + "/upgrade", Map.of("values", "tag: \"2\"\n"));
    JsonNode upgrade = api.post(unit + "/apply?wait=120", null).json();

    assertThat(upgrade.path("result").asString()).as(upgrade.toString()).isEqualTo("ApplyCompleted");
    assertThat(upgrade.path("message").asString()).contains("PostSync hook Job/ledger-notify succeeded")
        .doesNotContain("ledger-init");
    assertThat(seen()).containsSubsequence("added Deployment/ledger", "added Job/ledger-notify");
    Deployment ledger = tool.client().apps().deployments().inNamespace(space).withName("ledger").get();
    assertThat(ledger.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()).isEqualTo("registry.example/ledger:2");
    Job init = tool.client().batch().v1().jobs().inNamespace(space).withName("ledger-init").get();
    assertThat(init.getMetadata().getUid()).as("the pre-install hook does not run at an upgrade").isEqualTo(initUid);
    await("the post-upgrade hook deleted once it succeeded").atMost(Duration.ofSeconds(30))
        .until(() -> tool.client().batch().v1().jobs().inNamespace(space).withName("ledger-notify").get() == null);
  }
}
