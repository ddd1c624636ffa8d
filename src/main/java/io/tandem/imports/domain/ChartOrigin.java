package io.tandem.imports.domain;

/**
 * Where a unit's chart came from, so that an upgrade can ask for another version of it.
 *
 * @param location the chart repository's URL; the OCI reference without tag or digest; the Git repository's URL;
 *     null for an archive sent in a request
 * @param name the chart's name in the repository; its folder in the Git repository; null otherwise
 */
public record ChartOrigin(Source source, String location, String name) {

  public enum Source { archive, repository, oci, git }

  public static ChartOrigin archive() {
    return new ChartOrigin(Source.archive, null, null);
  }

  /** The same chart at another version; empty where the origin has no versions to ask for. */
  public java.util.Optional<ChartSource> atVersion(String version) {
    return switch (source) {
      case repository -> java.util.Optional.of(new ChartSource.Repository(location, name, version));
      case oci -> java.util.Optional.of(new ChartSource.Oci(location + ":" + version.replace('+', '_')));
      case archive, git -> java.util.Optional.empty();
    };
  }
}
