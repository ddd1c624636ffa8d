package io.tandem.target.domain;

import io.fabric8.kubernetes.api.model.HasMetadata;

/**
 * Which object on a cluster: API group, kind, namespace and name. The version is not part of it: {@code apps/v1} and
 * {@code apps/v1beta2} name the same Deployment.
 *
 * @param group the API group, empty for the core group
 * @param namespace empty for cluster-scoped objects
 */
public record ObjectKey(String group, String kind, String namespace, String name) {

  public static ObjectKey of(HasMetadata object) {
    String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
    int slash = apiVersion.indexOf('/');
    String namespace = object.getMetadata().getNamespace();
    return new ObjectKey(slash < 0 ? "" : apiVersion.substring(0, slash), object.getKind(),
        namespace == null ? "" : namespace, object.getMetadata().getName());
  }

  /** {@code apps/Deployment default/paymentservice}, {@code Service default/paymentservice}, {@code Namespace prod}. */
  @Override
  public String toString() {
    return (group.isEmpty() ? "" : group + "/") + kind + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
  }
}
