package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import io.tandem.support.WorkerProcess;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The worker's chart on a real API server with RBAC: its ServiceAccount, with no more than the chart's rules, is all a
 * worker needs to apply with a health wait, preview, capture a kubectl scale through its watches and destroy; and it
 * may not grant itself more, nor read the nodes.
 */
@TandemIT
@RealCluster
class WorkerChartOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void theChartsServiceAccountIsEnoughForEveryPathAndNoMore() throws Exception {
    String name = Api.uniqueSlug("sa");
    String account = "system:serviceaccount:" + name + ":" + name + "-tandem-worker";
    Kubectl.succeed(Map.of(), "create", "namespace", name);
    Path manifests = Files.createTempFile("tandem-worker-chart", ".yaml");
    Files.writeString(manifests, new Helm(Path.of("server/worker-chart")).template().withName(name)
        .withNamespace(name).set("name", name).call());
    Kubectl.succeed(Map.of(), "apply", "-n", name, "-f", manifests.toString());

    assertThat(canI(account, "create", "clusterrolebindings")).isEqualTo("no");
    assertThat(canI(account, "create", "roles", "-n", name)).isEqualTo("no");
    assertThat(canI(account, "list", "nodes")).isEqualTo("no");
    assertThat(canI(account, "patch", "deployments", "-n", "anywhere")).isEqualTo("yes");

    String token = Kubectl.succeed(Map.of(), "create", "token", name + "-tandem-worker", "-n", name).strip();
    Api api = new Api(port);
    String credential = WorkerProcessOnKubeApiServerIT.workerWithTarget(api, name);
    try (WorkerProcess worker = WorkerProcess.start(URI.create("http://127.0.0.1:" + port), name, credential,
        withToken(sandbox.kubeconfig(), token))) {
      WorkerProcessOnKubeApiServerIT.awaitConnected(api, name, Instant.EPOCH, worker);
      String unit = WorkerProcessOnKubeApiServerIT.unit(api, name + "-app", name);
      assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);

      JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=90&waitFor=healthy&timeout=60s");
      assertThat(applied.path("result").asString()).as(applied + "\n" + worker.log()).isEqualTo("ApplyCompleted");

      Kubectl.succeed(Map.of(), "scale", "deployment/paymentservice", "--replicas=3", "-n", name + "-app");
      await("the scale captured through the watches the ServiceAccount may open").atMost(Duration.ofSeconds(60))
          .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);

      api.putYaml(unit + "/data", api.get(unit + "/data").body().replace("memory: 128Mi", "memory: 256Mi"));
      Api.Response preview = api.post(unit + "/apply/preview", null);
      assertThat(preview.status()).as(preview.body()).isEqualTo(200);
      assertThat(preview.json().path("changes").size()).isEqualTo(1);

      JsonNode destroyed = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/destroy?wait=60&confirm=paymentservice");
      assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
    } finally {
      Kubectl.run(Map.of(), "delete", "-n", name, "-f", manifests.toString());
      Files.deleteIfExists(manifests);
    }
  }

  private static String canI(String account, String verb, String... resource) throws Exception {
    String[] arguments = new String[4 + resource.length];
    arguments[0] = "auth";
    arguments[1] = "can-i";
    arguments[2] = "--as=" + account;
    arguments[3] = verb;
    System.arraycopy(resource, 0, arguments, 4, resource.length);
    String[] lines = Kubectl.run(Map.of(), arguments).output().strip().split("\n");
    return lines[lines.length - 1].strip(); // after any warning kubectl prints first

  }

  /** The sandbox's kubeconfig with its user's client certificate replaced by the ServiceAccount's token. */
  static String withToken(String kubeconfig, String token) {
    Matcher server = Pattern.compile("server: (\\S+)").matcher(kubeconfig);
    Matcher authority = Pattern.compile("certificate-authority-data: (\\S+)").matcher(kubeconfig);
    assertThat(server.find() && authority.find()).as("the sandbox's server and CA").isTrue();
    return "apiVersion: v1\nkind: Config\nclusters:\n- name: sandbox\n  cluster:\n    server: " + server.group(1)
        + "\n    certificate-authority-data: " + authority.group(1) + "\ncontexts:\n- name: sandbox\n  context:\n"
        + "    cluster: sandbox\n    user: worker\ncurrent-context: sandbox\nusers:\n- name: worker\n  user:\n"
        + "    token: " + token + "\n";
  }
}
