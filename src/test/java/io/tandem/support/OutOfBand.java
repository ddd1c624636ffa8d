package io.tandem.support;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.tandem.sandbox.SandboxCluster;

/**
 * Changes to the sandbox made behind Tandem's back, as a person or a tool would, on either engine.
 *
 * <p>{@link #asKubectlEdit}: the real API server records the field manager a request names, or else the first word of
 * its user agent, which this client sets as {@code kubectl edit} does; the mock records no managedFields at all, so
 * there the change carries the ones a real API server recorded for a {@code kubectl edit} of the memory limit (a
 * recorded object), which is all the attribution reads. {@link #asATool}: fabric8's own manager on the real engine
 * (no person's tool, as a controller would be), none on the mock.
 */
public final class OutOfBand implements AutoCloseable {

  private static final String KUBECTL_EDIT = "kubectl-edit";

  private final KubernetesClient client;
  private final boolean asKubectlOnTheMock;

  private OutOfBand(KubernetesClient client, boolean asKubectlOnTheMock) {
    this.client = client;
    this.asKubectlOnTheMock = asKubectlOnTheMock;
  }

  public static OutOfBand asKubectlEdit(SandboxCluster sandbox) {
    Config config = Config.fromKubeconfig(sandbox.kubeconfig());
    config.setUserAgent(KUBECTL_EDIT + "/v1.34.4 (tandem-test)");
    return new OutOfBand(new KubernetesClientBuilder().withConfig(config).build(), sandbox.engine().equals("mock"));
  }

  public static OutOfBand asATool(SandboxCluster sandbox) {
    return new OutOfBand(sandbox.client(), false);
  }

  public KubernetesClient client() {
    return client;
  }

  /** Creates the namespace if it is not there (a real API server refuses objects in a namespace that is not). */
  public void namespace(String name) {
    if (client.namespaces().withName(name).get() == null) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
    }
  }

  /**
   * Sets the first container's memory limit of a Deployment. Like {@code kubectl edit}, the change is sent for the
   * version read, so a controller's write in between (status counts) is a conflict; it is read and tried again.
   */
  public void setMemoryLimit(String namespace, String deployment, String memory) {
    againOnConflict(() -> edit(namespace, deployment, memory));
  }

  /** Sets a Deployment's replicas, for the version read and tried again on a conflict, as {@link #setMemoryLimit}. */
  public void setReplicas(String namespace, String deployment, int replicas) {
    againOnConflict(() -> client.apps().deployments().inNamespace(namespace).withName(deployment).edit(live -> {
      live.getSpec().setReplicas(replicas);
      return live;
    }));
  }

  private static void againOnConflict(Runnable change) {
    for (int attempt = 1; ; attempt++) {
      try {
        change.run();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == 5) {
          throw e;
        }
      }
    }
  }

  private void edit(String namespace, String deployment, String memory) {
    Deployment recorded = asKubectlOnTheMock
        ? client.getKubernetesSerialization().unmarshal(Fixtures.read("live/deployment-after-kubectl-edit.json"), Deployment.class)
        : null;
    client.apps().deployments().inNamespace(namespace).withName(deployment).edit(live -> {
      live.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().put("memory", new Quantity(memory));
      if (recorded != null) {
        live.getMetadata().setManagedFields(recorded.getMetadata().getManagedFields());
      }
      return live;
    });
  }

  public String memoryLimit(String namespace, String deployment) {
    return client.apps().deployments().inNamespace(namespace).withName(deployment).get()
        .getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString();
  }

  @Override
  public void close() {
    client.close();
  }
}
