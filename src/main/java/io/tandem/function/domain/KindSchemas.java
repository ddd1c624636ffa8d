package io.tandem.function.domain;

import java.util.Optional;

/**
 * The port to the schemas of Kubernetes' built-in kinds, which objects are checked against; implemented by
 * {@code targets.cluster} from the Kubernetes client's object model.
 */
public interface KindSchemas {

  /**
   * The schema of a kind, named as {@code apiVersion/kind} ({@code apps/v1/Deployment}); empty for a kind it does not
   * know (custom resources).
   */
  Optional<SchemaType.Fields> of(String type);
}
