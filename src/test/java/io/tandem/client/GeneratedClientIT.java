package io.tandem.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.action.domain.ActionQueue;
import io.tandem.client.api.ActionsApi;
import io.tandem.client.api.FunctionsApi;
import io.tandem.client.api.SpacesApi;
import io.tandem.client.api.UnitsApi;
import io.tandem.client.model.CreateSpaceRequest;
import io.tandem.client.model.CreateUnitRequest;
import io.tandem.client.model.Diff;
import io.tandem.client.model.FunctionCall;
import io.tandem.client.model.InvokeRequest;
import io.tandem.client.model.InvokeResponse;
import io.tandem.client.model.Unit;
import io.tandem.client.model.UnitAction;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The main story through the Java client generated from the committed api-spec/openapi.yaml (by the build, as a
 * user would generate it), and nothing else: the document is good enough to build working clients from.
 */
@TandemIT
class GeneratedClientIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired ActionQueue queue;

  @Test
  void theMainStoryWorksThroughTheGeneratedClient() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri("http://localhost:" + port);
    SpacesApi spaces = new SpacesApi(client);
    UnitsApi units = new UnitsApi(client);
    FunctionsApi functions = new FunctionsApi(client);
    ActionsApi actions = new ActionsApi(client);
    String space = Api.uniqueSlug("generated");
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");

    assertThat(spaces.createSpace(new CreateSpaceRequest().slug(space)).getSlug()).isEqualTo(space);
    Unit created = units.createUnit(space, new CreateUnitRequest().slug("paymentservice").data(data).target("sandbox"));
    assertThat(created.getHeadRevisionNum()).isEqualTo(1);

    InvokeResponse invoked = functions.invokeFunctions(space, new InvokeRequest()
        .units(List.of("paymentservice"))
        .functions(List.of(new FunctionCall().name("set-container-resources").args(List.of("server", "floor", "100m", "200Mi", "2"))))) ;
    assertThat(invoked.getResults().get(0).getRevisionNum()).isEqualTo(2);

    UnitAction applied = actions.applyUnit(space, "paymentservice", null, 30, null, null, null, null);
    assertThat(applied.getResult()).isEqualTo(UnitAction.ResultEnum.APPLY_COMPLETED);

    try (KubernetesClient kubectl = sandbox.client()) {
      kubectl.apps().deployments().inNamespace(space).withName("paymentservice").edit(deployment -> {
        deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().put("memory", new Quantity("512Mi"));
        return deployment;
      });
    }
    UnitAction refreshed = actions.refreshUnit(space, "paymentservice", false, 30);
    assertThat(refreshed.getResult()).isEqualTo(UnitAction.ResultEnum.REFRESH_AND_DRIFTED);
    assertThat(refreshed.getCapturedRevisionNum()).isEqualTo(3);

    Unit restored = units.patchUnit(space, "paymentservice", "-1", null, null, null, null);
    assertThat(restored.getHeadRevisionNum()).isEqualTo(4);
    Diff diff = units.diffUnit(space, "paymentservice", "3", "head");
    assertThat(diff.getChanges()).singleElement().satisfies(change ->
        assertThat(change.getPath()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory"));
    assertThat(units.getUnitData(space, "paymentservice", "head")).contains("memory: 400Mi");
    Unit replaced = units.putUnitData(space, "paymentservice", "Back to the fixture", null, data);
    assertThat(replaced.getHeadRevisionNum()).isEqualTo(5);
    assertThat(units.getUnitData(space, "paymentservice", "head")).isEqualTo(data);

    assertThatThrownBy(() -> units.getUnit(space, "missing"))
        .isInstanceOfSatisfying(ApiException.class, error -> {
          assertThat(error.getCode()).isEqualTo(404);
          assertThat(error.getResponseBody()).contains("\"code\":\"not-found\"");
        });
  }

  /** The generated clients accept only problem+json from an operation whose success has no body. */
  @Test
  void deletesThatAnswerNoContentWorkThroughTheGeneratedClient() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri("http://localhost:" + port);
    SpacesApi spaces = new SpacesApi(client);
    String space = Api.uniqueSlug("deleted");
    spaces.createSpace(new CreateSpaceRequest().slug(space));
    new UnitsApi(client).createUnit(space, new CreateUnitRequest().slug("idle").data(""));

    new UnitsApi(client).deleteUnit(space, "idle", null, null, null);
    spaces.deleteSpace(space, null, null);

    assertThatThrownBy(() -> spaces.getSpace(space)).isInstanceOfSatisfying(ApiException.class,
        error -> assertThat(error.getCode()).isEqualTo(404));
  }

  /** ApplyCanceled, which the published schema once left out (the Java client read it as null). */
  @Test
  void anAutomaticApplyThatASuspensionCanceledReadsAsApplyCanceledThroughTheGeneratedClient() throws Exception {
    Api api = new Api(port);
    String space = Api.uniqueSlug("canceled");
    String unit = "/api/v1/spaces/" + space + "/units/settings";
    api.post("/api/v1/spaces", Map.of("slug", space));
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "target", "sandbox",
        "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-" + space + "\ndata:\n  mode: blue\n"));
    assertThat(api.post(unit + "/suspend", Map.of("reason", "Hands off")).status()).isEqualTo(200);
    // as a revert of drift is queued: by the server, in the background
    String queued = queue.enqueue(UUID.fromString(api.get(unit).json().path("id").asString()), io.tandem.action.domain.UnitAction.Kind.Apply,
        1, false, true, Instant.now()).id().toString();
    await("the suspension canceled the apply").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/actions/" + queued).json().path("status").asString().equals("Canceled"));
    ApiClient client = new ApiClient();
    client.updateBaseUri("http://localhost:" + port);

    UnitAction canceled = new ActionsApi(client).getAction(UUID.fromString(queued));

    assertThat(canceled.getResult()).isEqualTo(UnitAction.ResultEnum.APPLY_CANCELED);
    assertThat(canceled.getStatus()).isEqualTo(UnitAction.StatusEnum.CANCELED);
  }
}
