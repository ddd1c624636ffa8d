package io.tandem.imports.domain;

import java.util.Map;
import java.util.Optional;

/** {@code kubectl kustomize}, when a kubectl binary is configured ({@code tandem.imports.kubectl}). */
public interface Kustomizer {

  /** Why Kustomize folders cannot be rendered on this server, or empty. */
  Optional<String> unavailable();

  /**
   * Renders the Kustomize folder {@code folder} of a tree of files (paths relative to the tree's root), offline: a
   * base or resource outside the tree, or on the network, is an error.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} with kubectl's message when it fails or
   *     takes longer than allowed
   */
  String build(Map<String, byte[]> files, String folder);
}
