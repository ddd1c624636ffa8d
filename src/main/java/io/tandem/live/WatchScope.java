package io.tandem.live;

import io.fabric8.kubernetes.api.model.HasMetadata;

/** What one watch covers: objects of one kind in one namespace ("" for cluster-scoped kinds) of one target. */
record WatchScope(String target, String apiVersion, String kind, String namespace) {

  static WatchScope of(String target, HasMetadata object) {
    String namespace = object.getMetadata().getNamespace();
    return new WatchScope(target, object.getApiVersion(), object.getKind(), namespace == null ? "" : namespace);
  }
}
