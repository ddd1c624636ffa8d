package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetCredentials;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Real fabric8 clients, never used for a call: building one opens no connection. */
class SharedClientsTest {

  final AtomicLong now = new AtomicLong();
  final SharedClients shared = new SharedClients(now::get);
  final ClusterConnector connector =
      new ClusterConnector(Clock.systemUTC(), new OutboundPolicy(new OutboundProperties(false, List.of())));

  @Test
  void theSameCredentialsAndNamespaceShareOneClientAndOthersGetTheirOwn() {
    KubernetesClient first = take(credentials("t"), "ns");
    KubernetesClient again = take(credentials("t"), "ns");
    KubernetesClient rotated = take(credentials("t2"), "ns");
    KubernetesClient otherNamespace = take(credentials("t"), "other");

    assertThat(again).isSameAs(first);
    assertThat(rotated).isNotSameAs(first);
    assertThat(otherNamespace).isNotSameAs(first).isNotSameAs(rotated);
    assertThat(shared.size()).isEqualTo(3);
  }

  @Test
  void aClientIdleLongerThanTheLimitIsClosedAndOneInUseIsNot() {
    SharedClients.Key idle = SharedClients.Key.of(credentials("idle"), "ns");
    SharedClients.Key busy = SharedClients.Key.of(credentials("busy"), "ns");
    KubernetesClient idleClient = shared.take(idle, this::build);
    KubernetesClient busyClient = shared.take(busy, this::build);
    shared.release(idle);

    now.addAndGet(SharedClients.IDLE.toNanos() + 1);
    KubernetesClient next = shared.take(idle, this::build);

    assertThat(idleClient.getHttpClient().isClosed()).isTrue();
    assertThat(next).isNotSameAs(idleClient);
    assertThat(busyClient.getHttpClient().isClosed()).isFalse();
  }

  @Test
  void pastTheLimitTheLeastRecentlyUsedIdleClientIsClosed() {
    SharedClients.Key oldest = SharedClients.Key.of(credentials("token-0"), "ns");
    KubernetesClient oldestClient = shared.take(oldest, this::build);
    shared.release(oldest);
    for (int i = 1; i < SharedClients.MAX; i++) {
      SharedClients.Key key = SharedClients.Key.of(credentials("token-" + i), "ns");
      shared.take(key, this::build);
      shared.release(key);
    }
    assertThat(oldestClient.getHttpClient().isClosed()).isFalse();

    shared.take(SharedClients.Key.of(credentials("one-more"), "ns"), this::build);

    assertThat(oldestClient.getHttpClient().isClosed()).isTrue();
    assertThat(shared.size()).isEqualTo(SharedClients.MAX);
    shared.close();
  }

  @Test
  void connectionsWithTheSameCredentialsShareOneClientUntilTheServerStops() {
    TargetCredentials credentials = new TargetCredentials(null, null, "https://93.184.216.34", "t", null, false);
    Target target = new Target(null, "prod", "https://93.184.216.34", "ns", null, null, null, null, null, null, null);
    Connection first = connector.connect(target, credentials);
    Connection second = connector.connect(target, credentials);

    assertThat(second.client()).isSameAs(first.client());
    first.close();
    first.close();
    second.close();
    connector.closeSharedClients();

    assertThat(first.client().getHttpClient().isClosed()).isTrue();
  }

  private KubernetesClient take(TargetCredentials credentials, String namespace) {
    return shared.take(SharedClients.Key.of(credentials, namespace), this::build);
  }

  private KubernetesClient build() {
    return connector.connect(credentials("t"), null);
  }

  private static TargetCredentials credentials(String token) {
    return new TargetCredentials(null, null, "https://93.184.216.34", token, null, false);
  }
}
