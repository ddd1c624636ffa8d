package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

class ApplyPatchCrudDispatcherTest {

  @Test
  void aDryRunApplyStoresNothing() {
    KubernetesMockServer server =
        new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new ApplyPatchCrudDispatcher(), false);
    server.init();
    try (KubernetesClient client = server.createClient()) {
      ConfigMap map = new ConfigMapBuilder().withNewMetadata().withName("a").withNamespace("ns").endMetadata()
          .addToData("level", "debug").build();

      client.resource(new ConfigMapBuilder(map).editMetadata().withName("b").endMetadata().build()).fieldManager("tandem").serverSideApply();
      client.resource(map).dryRun(true).fieldManager("tandem").serverSideApply();

      assertThat(client.configMaps().inNamespace("ns").withName("b").get().getData()).as("an apply").containsEntry("level", "debug");
      assertThat(client.configMaps().inNamespace("ns").withName("a").get()).isNull();
    } finally {
      server.destroy();
    }
  }
}
