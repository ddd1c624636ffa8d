package io.tandem.realcluster;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The preview of an apply on a real API server, which fills in defaults and answers {@code dryRun=All}: only the
 * paths the apply would change show, and the preview leaves the cluster, the unit and the action queue as they were.
 */
@TandemIT
@RealCluster
class ApplyPreviewOnKubeApiServerIT {

  private static final String DEPLOYMENT = "apps/v1/Deployment/%s/paymentservice";

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void aChangedMemoryLimitIsTheOnlyPathThePreviewShowsAndNothingIsWrittenRecordedOrQueued() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("preview");
    try (KubernetesClient client = sandbox.client()) {
      String unit = appliedUnit(api, client, space, Fixtures.paymentService());
      api.putYaml(unit + "/data", inNamespace(Fixtures.paymentService(), space).replace("memory: 128Mi", "memory: 256Mi"));
      // The generation, not the resourceVersion: the controllers may still be writing the rollout's status.
      Long generation = ObjectOwnershipOnKubeApiServerIT.deployment(client, space).getMetadata().getGeneration();
      JsonNode live = recorded(api.get(unit + "/live").json());
      long applies = applies(api, unit);

      JsonNode preview = preview(api, unit);

      assertThat(preview.path("changes").size()).as(preview.toPrettyString()).isEqualTo(1);
      JsonNode change = preview.path("changes").get(0);
      assertThat(change.path("resource").asString()).isEqualTo(DEPLOYMENT.formatted(space));
      assertThat(change.path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
      assertThat(change.path("op").asString()).isEqualTo("replace");
      assertThat(change.path("from").asString()).isEqualTo("128Mi");
      assertThat(change.path("to").asString()).isEqualTo("256Mi");
      assertThat(operations(preview)).containsExactly("Deployment paymentservice update", "Service paymentservice unchanged");
      assertThat(preview.path("unified").asString()).contains("-            memory: 128Mi", "+            memory: 256Mi");
      assertThat(preview.path("prune").size()).isZero();
      assertThat(preview.path("gates").size()).isZero();
      assertThat(preview.path("revision").asInt()).isEqualTo(3);

      assertThat(ObjectOwnershipOnKubeApiServerIT.deployment(client, space).getMetadata().getGeneration())
          .as("the cluster's spec is as it was").isEqualTo(generation);
      assertThat(ObjectOwnershipOnKubeApiServerIT.memory(ObjectOwnershipOnKubeApiServerIT.deployment(client, space)))
          .isEqualTo("128Mi");
      assertThat(applies(api, unit)).as("no apply queued").isEqualTo(applies);
      assertThat(recorded(api.get(unit + "/live").json())).as("nothing recorded as live").isEqualTo(live);
      assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).isEqualTo(2);
    }
  }

  @Test
  void aNewObjectIsACreateAndAnObjectTheUnitDropsIsWhatThePruneWouldDelete() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("preview");
    try (KubernetesClient client = sandbox.client()) {
      String unit = appliedUnit(api, client, space, Fixtures.paymentService());
      String deploymentOnly = inNamespace(Fixtures.paymentService(), space).split("\n---\n")[0];
      api.putYaml(unit + "/data", deploymentOnly + "\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n"
          + "  namespace: " + space + "\ndata:\n  level: debug\n");

      JsonNode preview = preview(api, unit);

      assertThat(operations(preview)).containsExactly("Deployment paymentservice unchanged", "ConfigMap settings create",
          "Service paymentservice delete");
      assertThat(preview.path("prune").get(0).path("resource").asString()).isEqualTo("v1/Service/" + space + "/paymentservice");
      List<String> changes = new ArrayList<>();
      preview.path("changes").forEach(change -> changes.add(change.path("op").asString() + " "
          + change.path("resource").asString() + " [" + change.path("path").asString() + "]"));
      assertThat(changes).containsExactly("add v1/ConfigMap/" + space + "/settings []",
          "remove v1/Service/" + space + "/paymentservice []");
      assertThat(preview.path("changes").get(0).path("to").path("data").path("level").asString()).isEqualTo("debug");
      assertThat(client.configMaps().inNamespace(space).withName("settings").get()).as("not created").isNull();
      assertThat(client.services().inNamespace(space).withName("paymentservice").get()).as("not deleted").isNotNull();
    }
  }

  @Test
  void aFailingTriggerIsAGateOfThePreviewAsOfTheApply() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("preview");
    try (KubernetesClient client = sandbox.client()) {
      String unit = appliedUnit(api, client, space, Fixtures.paymentService());
      assertThat(api.post("/api/v1/spaces/" + space + "/triggers", Map.of("slug", "ha", "function", "vet-celexpr",
          "args", List.of("r.kind != 'Deployment' || r.spec.replicas >= 2"))).status()).isEqualTo(201);
      api.putYaml(unit + "/data", inNamespace(Fixtures.paymentService(), space).replace("memory: 128Mi", "memory: 256Mi"));

      JsonNode preview = preview(api, unit);

      assertThat(preview.path("gates").toString()).contains("ha");
      assertThat(preview.path("changes").size()).as("what it would change, were it not gated").isEqualTo(1);
      assertProblem(api.post(unit + "/apply?wait=60", null), 409, "apply-gated", "ha");
    }
  }

  @Test
  void aTwentyObjectUnitIsPreviewedInUnderASecond() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("preview");
    StringBuilder data = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      data.append(i == 0 ? "" : "---\n").append(Fixtures.paymentService().replace("paymentservice", "payment" + i)).append('\n');
    }
    try (KubernetesClient client = sandbox.client()) {
      String unit = appliedUnit(api, client, space, data.toString());
      api.putYaml(unit + "/data", inNamespace(data.toString(), space).replace("memory: 128Mi", "memory: 256Mi"));
      preview(api, unit); // the first call also opens connections

      long start = System.nanoTime();
      JsonNode preview = preview(api, unit);
      long millis = (System.nanoTime() - start) / 1_000_000;

      System.out.println("Preview of a 20-object unit on kube-apiserver: " + millis + " ms");
      assertThat(preview.path("objects").size()).isEqualTo(20);
      assertThat(preview.path("changes").size()).isEqualTo(10);
    }
  }

  /** A unit in a namespace of its own, applied: revision 2 is live. */
  private static String appliedUnit(Api api, KubernetesClient client, String space, String data) {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(space).endMetadata().build()).create();
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/payment";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "payment", "data", "", "target", "sandbox"))
        .status()).isEqualTo(201);
    assertThat(api.putYaml(unit + "/data", inNamespace(data, space)).status()).isEqualTo(200);
    JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60");
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    return unit;
  }

  private static String inNamespace(String data, String namespace) {
    return data.replaceAll("(?m)^metadata:\n  name: (.*)$", "metadata:\n  name: $1\n  namespace: " + namespace);
  }

  /**
   * The live state as recorded, without each object's health: the watches keep that current apart from the record,
   * and the rollout's controllers may still be moving it.
   */
  /**
   * What a preview must not change: the live objects as recorded. A watch's refresh may observe them again meanwhile
   * (a controller's status write moves the Deployment's resourceVersion), so when and at which version are left out.
   */
  private static JsonNode recorded(JsonNode live) {
    ObjectNode copy = (ObjectNode) live.deepCopy();
    copy.remove("observedAt");
    copy.path("resources").forEach(resource -> ((ObjectNode) resource).remove(java.util.List.of("health", "resourceVersion")));
    return copy;
  }

  private static JsonNode preview(Api api, String unit) {
    Api.Response response = api.post(unit + "/apply?dryRun=true", null);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  private static List<String> operations(JsonNode preview) {
    List<String> operations = new ArrayList<>();
    preview.path("objects").forEach(object -> operations.add(object.path("kind").asString() + " "
        + object.path("name").asString() + " " + object.path("operation").asString()));
    return operations;
  }

  /** The unit's apply actions; a watch may queue refreshes meanwhile, as the controllers write the rollout's status. */
  static long applies(Api api, String unit) {
    long count = 0;
    for (JsonNode action : api.get(unit + "/actions").json().path("items")) {
      count += action.path("action").asString().equals("Apply") ? 1 : 0;
    }
    return count;
  }
}
