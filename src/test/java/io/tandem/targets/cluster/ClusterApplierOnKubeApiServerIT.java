package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import io.tandem.targets.domain.ApplyReport;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An apply's report carries each object as the API server answered its apply, in the order of the unit's data (not
 * the order it was applied in): what the live state and health take instead of reading the objects again.
 */
@TandemIT
@RealCluster
class ClusterApplierOnKubeApiServerIT {

  @Autowired SandboxCluster sandbox;

  @Test
  void anApplyReportsTheObjectsAsStoredInTheOrderOfTheData() {
    KubernetesClient client = sandbox.client();
    String namespace = Api.uniqueSlug("stored");
    String data = configMap(namespace, "first", "1") + "---\n" + configMap(namespace, "second", "2")
        + "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + namespace + "\n";

    ApplyReport report = ClusterApplier.apply(client, "default", data, "", Set.of());

    assertThat(report.succeeded()).as(report.error()).isTrue();
    assertThat(report.applied()).as("the namespace applied first").first().asString().contains("Namespace");
    assertThat(report.stored()).extracting(object -> object.get("kind"))
        .containsExactly("ConfigMap", "ConfigMap", "Namespace");
    List<Map<String, Object>> read = ClusterApplier.read(client, "default", data);
    for (int i = 0; i < read.size(); i++) {
      assertThat(metadata(report.stored().get(i))).as("object %d as stored", i)
          .containsEntry("resourceVersion", metadata(read.get(i)).get("resourceVersion"))
          .containsEntry("uid", metadata(read.get(i)).get("uid"));
    }
    assertThat(report.stored().get(1)).extracting("data").isEqualTo(Map.of("n", "2"));

    ApplyReport again = ClusterApplier.apply(client, "default", data, data, Set.of());

    assertThat(metadata(again.stored().get(0))).as("an apply that changes nothing answers the object as it is")
        .containsEntry("resourceVersion", metadata(read.get(0)).get("resourceVersion"));
    client.namespaces().withName(namespace).delete();
  }

  @Test
  void anApplyThatFailsPartWayReportsNoObjects() {
    String namespace = Api.uniqueSlug("failed");
    sandbox.client().namespaces().resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder()
        .withNewMetadata().withName(namespace).endMetadata().build()).create();
    String data = configMap(namespace, "fine", "1") + "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: bad\n"
        + "  namespace: " + namespace + "\nspec:\n  ports:\n    - port: 0\n";

    ApplyReport report = ClusterApplier.apply(sandbox.client(), "default", data, "", Set.of());

    assertThat(report.succeeded()).as("a port the API server refuses").isFalse();
    assertThat(report.applied()).hasSize(1);
    assertThat(report.stored()).isNull();
    sandbox.client().namespaces().withName(namespace).delete();
  }

  private static String configMap(String namespace, String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: " + namespace
        + "\ndata:\n  n: \"" + value + "\"\n";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.get("metadata");
  }
}
