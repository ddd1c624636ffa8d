package io.tandem.common.yaml;

import java.util.Set;

/**
 * The built-in kinds that live outside namespaces: their metadata holds no namespace. Kinds that custom resource
 * definitions add are not among them; whoever knows the definitions (a chart's CRDs) adds those of scope Cluster.
 */
public final class ClusterScopedKinds {

  public static final Set<String> BUILT_IN =
      Set.of("Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PersistentVolume",
          "StorageClass", "PriorityClass", "IngressClass", "MutatingWebhookConfiguration",
          "ValidatingWebhookConfiguration", "APIService", "Node", "RuntimeClass");

  private ClusterScopedKinds() {}
}
