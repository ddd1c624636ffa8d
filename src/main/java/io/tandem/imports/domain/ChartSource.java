package io.tandem.imports.domain;

/** Where a Helm chart comes from, as a request names it. */
public sealed interface ChartSource {

  /** A packaged chart (.tgz) sent in the request, in base64. */
  record Archive(String base64) implements ChartSource {}

  /** A chart of an HTTP chart repository; {@code version} null for the newest that is not a pre-release. */
  record Repository(String url, String name, String version) implements ChartSource {}

  /** A chart in an OCI registry: {@code oci://host/path/name}, with {@code :tag} (its version) or {@code @digest}. */
  record Oci(String reference) implements ChartSource {}
}
