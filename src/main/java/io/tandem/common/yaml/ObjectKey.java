package io.tandem.common.yaml;

/**
 * Which object on a cluster: API group, kind, namespace and name. The version is not part of it: {@code apps/v1} and
 * {@code apps/v1beta2} name the same Deployment.
 *
 * @param group the API group, empty for the core group
 * @param namespace empty for cluster-scoped objects
 */
public record ObjectKey(String group, String kind, String namespace, String name) {

  /** The object of {@code apiVersion} ({@code apps/v1}, {@code v1}) and kind; a {@code null} namespace is none. */
  public static ObjectKey of(String apiVersion, String kind, String namespace, String name) {
    String version = apiVersion == null ? "" : apiVersion;
    int slash = version.indexOf('/');
    return new ObjectKey(slash < 0 ? "" : version.substring(0, slash), kind, namespace == null ? "" : namespace, name);
  }

  /** {@code apps/Deployment default/paymentservice}, {@code Service default/paymentservice}, {@code Namespace prod}. */
  @Override
  public String toString() {
    return (group.isEmpty() ? "" : group + "/") + kind + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
  }
}
