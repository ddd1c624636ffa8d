package io.tandem.realcluster;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Two units with the same Deployment on a real API server, where both apply as field manager {@code tandem}, so the
 * API server itself sees no conflict: only Tandem's record of who applied what keeps the second from taking it over.
 */
@TandemIT
@RealCluster
class ObjectOwnershipOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void theSecondUnitIsRefusedUntilItTakesTheObjectOverAndTheFirstThenNeitherDriftsNorDeletesIt() {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    Api api = new Api(port);
    String first = Api.uniqueSlug("owner");
    String second = Api.uniqueSlug("taker");
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + first + "\n");
    try (KubernetesClient client = sandbox.client()) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(first).endMetadata().build()).create();
      String a = unit(api, first, data);
      String b = unit(api, second, data.replace("memory: 128Mi", "memory: 256Mi"));
      assertThat(post(api, a + "/apply?wait=60").path("result").asString()).isEqualTo("ApplyCompleted");
      // The generation, not the resourceVersion, which moves whenever a controller writes the rollout's status.
      Long generation = deployment(client, first).getMetadata().getGeneration();

      assertProblem(api.post(b + "/apply?wait=60", null), 409, "object-owned-by-another-unit", "unit '" + first + "/payment'");
      assertThat(deployment(client, first).getMetadata().getGeneration()).as("not touched").isEqualTo(generation);
      assertThat(memory(deployment(client, first))).isEqualTo("128Mi");

      JsonNode takeover = post(api, b + "/apply?wait=60&takeOver=true");
      assertThat(takeover.path("result").asString()).as(takeover.toString()).isEqualTo("ApplyCompleted");
      assertThat(memory(deployment(client, first))).isEqualTo("256Mi");
      JsonNode refresh = post(api, a + "/refresh?wait=60");
      assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");
      assertThat(api.get(a + "/live").json().path("missing").toString()).contains("apps/v1/Deployment/" + first + "/paymentservice");

      JsonNode destroyed = post(api, a + "/destroy?confirm=payment&wait=60");
      assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
      assertThat(memory(deployment(client, first))).as("the second unit's, left in place").isEqualTo("256Mi");
      assertThat(post(api, b + "/refresh?wait=60").path("result").asString()).isEqualTo("RefreshAndNoDrift");
    }
  }

  @Test
  void aSecondTargetOfTheSameClusterSharesItsObjectsOwnershipSoItsUnitIsRefusedTheFirstUnitsObjects() {
    Api api = new Api(port);
    String first = Api.uniqueSlug("owner");
    String second = Api.uniqueSlug("mine");
    String mine = Api.uniqueSlug("mine");
    assertThat(api.post("/api/v1/targets", Map.of("slug", mine, "kubeconfig", sandbox.kubeconfig())).status()).isEqualTo(201);
    io.tandem.support.Grants.everySpace(api, mine);
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + first + "\n");
    try (KubernetesClient client = sandbox.client()) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(first).endMetadata().build()).create();
      String a = unit(api, first, data);
      String b = unit(api, second, data.replace("memory: 128Mi", "memory: 256Mi"));
      assertThat(api.patch(b, Map.of("target", mine)).status()).isEqualTo(200);
      assertThat(post(api, a + "/apply?wait=60").path("result").asString()).isEqualTo("ApplyCompleted");

      assertProblem(api.post(b + "/apply?wait=60", null), 409, "object-owned-by-another-unit", "unit '" + first + "/payment'");
      assertThat(api.post(b + "/apply/preview", null).json().path("gates").toString()).contains(first + "/payment");
      assertThat(memory(deployment(client, first))).as("not touched").isEqualTo("128Mi");

      JsonNode takeover = post(api, b + "/apply?wait=60&takeOver=true");
      assertThat(takeover.path("result").asString()).as(takeover.toString()).isEqualTo("ApplyCompleted");
      assertThat(memory(deployment(client, first))).isEqualTo("256Mi");
      assertThat(post(api, a + "/refresh?wait=60").path("result").asString()).as("not the first unit's drift any more")
          .isEqualTo("RefreshAndNoDrift");
      JsonNode destroyed = post(api, a + "/destroy?confirm=payment&wait=60");
      assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
      assertThat(memory(deployment(client, first))).as("the second unit's, left in place").isEqualTo("256Mi");
    }
  }

  static String unit(Api api, String space, String data) {
    api.post("/api/v1/spaces", Map.of("slug", space));
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "payment", "data", data, "target", "sandbox"))
        .status()).isEqualTo(201);
    return "/api/v1/spaces/" + space + "/units/payment";
  }

  static JsonNode post(Api api, String path) {
    Api.Response response = api.post(path, null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  static Deployment deployment(KubernetesClient client, String namespace) {
    return client.apps().deployments().inNamespace(namespace).withName("paymentservice").get();
  }

  static String memory(Deployment deployment) {
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString();
  }
}
