package io.tandem.targets.cluster;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ClusterHealth;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetCredentials;
import java.util.List;
import org.springframework.stereotype.Component;

/** The cluster port on the fabric8 Kubernetes client. */
@Component
class Fabric8ClusterClient implements ClusterClient {

  private final ClusterConnector connector;

  Fabric8ClusterClient(ClusterConnector connector) {
    this.connector = connector;
  }

  @Override
  public ClusterSession open(Target target, TargetCredentials credentials) {
    return connector.connect(target, credentials);
  }

  @Override
  public ClusterHealth check(TargetCredentials credentials) {
    return connector.check(credentials);
  }

  @Override
  public void requireUsable(TargetCredentials credentials) {
    TlsData.requireValid(credentials, connector.config(credentials, null));
    connector.requireAllowed(credentials);
  }

  @Override
  public String server(TargetCredentials credentials) {
    String url = connector.config(credentials, null).getMasterUrl();
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  @Override
  public List<ObjectKey> keys(String data, String defaultNamespace) {
    return ClusterApplier.keys(data, defaultNamespace);
  }

  @Override
  public String describe(Throwable failure) {
    return ClusterConnector.describe(failure);
  }

  @Override
  public boolean notConnected(Throwable failure) {
    return ClusterConnector.notConnected(failure);
  }
}
