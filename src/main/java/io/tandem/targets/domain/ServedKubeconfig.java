package io.tandem.targets.domain;

/**
 * The one target whose kubeconfig Tandem serves: the sandbox it runs itself, which implements this. The credentials
 * of every other target are never returned.
 */
public interface ServedKubeconfig {

  /** The slug of the target it is registered as. */
  String slug();

  /** The kubeconfig YAML that reaches it. */
  String kubeconfig();
}
