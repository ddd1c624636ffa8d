package io.tandem.targets.cluster;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.targets.domain.ClusterWatches;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.WatchScope;
import io.tandem.targets.domain.WatchSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The watch port on the fabric8 Kubernetes client. */
@Component
class Fabric8ClusterWatches implements ClusterWatches {

  private final TargetService targets;
  private final ClusterConnector connector;

  Fabric8ClusterWatches(TargetService targets, ClusterConnector connector) {
    this.targets = targets;
    this.connector = connector;
  }

  @Override
  public WatchSession connect(String slug) {
    return targets.connect(slug, (target, credentials) -> {
      if (credentials.viaWorker()) {
        throw TandemException.conflict("Target '" + slug + "' is reached through worker '" + credentials.worker()
            + "', which the server cannot watch from here.");
      }
      return new WatchConnection(target, connector.connect(credentials, target.namespace()));
    });
  }

  @Override
  public Map<WatchScope, List<String>> scopesOf(String target, String data, String defaultNamespace) {
    Map<WatchScope, List<String>> scopes = new LinkedHashMap<>();
    List<KubernetesResource> resources = ParsedContent.parse(data);
    List<ObjectKey> keys = ClusterApplier.keys(data, defaultNamespace);
    for (int i = 0; i < keys.size(); i++) {
      WatchScope scope = new WatchScope(target, resources.get(i).apiVersion(), resources.get(i).kind(),
          keys.get(i).namespace());
      scopes.computeIfAbsent(scope, key -> new ArrayList<>()).add(keys.get(i).name());
    }
    return scopes;
  }

  @Override
  public String describe(Throwable failure) {
    return ClusterConnector.describe(failure);
  }
}
