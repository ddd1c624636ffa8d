package io.tandem.imports.domain;

/**
 * Charts from where they are published: HTTP chart repositories (an {@code index.yaml} beside the archives) and OCI
 * registries, anonymously. Every connection, redirects included, is held against the outbound policy, and an archive
 * larger than {@code tandem.imports.max-chart-size} is refused while it is read.
 */
public interface ChartFetcher {

  /** A packaged chart (.tgz) and the version it is. */
  @SuppressWarnings("ArrayRecordComponent") // the archive's bytes passed through, never compared
  record Fetched(byte[] archive, String version) {}

  /**
   * The chart {@code name} of the repository at {@code url}: {@code version}, or the newest that is not a
   * pre-release.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} when the repository has no such chart or
   *     version; {@code chart-source-failed} when it cannot be reached or answers with an error;
   *     {@code destination-not-allowed} for an address the server must not call
   */
  Fetched fetch(ChartSource.Repository repository);

  /**
   * The chart an {@code oci://} reference names; without a tag or digest, its newest version that is not a
   * pre-release.
   *
   * @throws io.tandem.common.error.TandemException as {@link #fetch(ChartSource.Repository)}
   */
  Fetched fetch(ChartSource.Oci reference);
}
