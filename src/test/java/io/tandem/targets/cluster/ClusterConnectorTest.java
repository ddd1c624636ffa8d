package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.targets.domain.TargetCredentials;
import java.net.ConnectException;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterConnectorTest {

  final ClusterConnector connector =
      new ClusterConnector(Clock.systemUTC(), new OutboundPolicy(new OutboundProperties(false, List.of())));

  static final String KUBECONFIG = """
      apiVersion: v1
      kind: Config
      clusters:
      - name: c
        cluster:
          server: https://93.184.216.34
          proxy-url: http://169.254.169.254:3128
      users:
      - name: u
        user:
          token: t
      contexts:
      - name: c
        context:
          cluster: c
          user: u
      current-context: c
      """;

  @Test
  void aConnectionToANonPublicServerIsRefusedAtConnectionTime() {
    TargetCredentials credentials = new TargetCredentials(null, null, "https://127.0.0.1:6443", "t", null, false);

    assertThatThrownBy(() -> connector.connect(credentials, null)).isInstanceOfSatisfying(TandemException.class,
        e -> assertThat(e.code()).isEqualTo(ProblemCode.DESTINATION_NOT_ALLOWED));
    assertThat(connector.check(credentials).error()).contains("does not call");
  }

  @Test
  void aKubeconfigsProxyIsCheckedToo() {
    TargetCredentials credentials = new TargetCredentials(KUBECONFIG, "c", null, null, null, false);

    assertThatThrownBy(() -> connector.requireAllowed(credentials)).isInstanceOfSatisfying(TandemException.class,
        e -> assertThat(e.code()).isEqualTo(ProblemCode.DESTINATION_NOT_ALLOWED));
  }

  @Test
  void aKubernetesStatusIsDescribedWithTheFieldsItNamesAndOtherAnswersWithoutWhatTheServerSent() {
    KubernetesClientException invalid = new KubernetesClientException(new StatusBuilder().withCode(422).withReason("Invalid")
        .withMessage("Deployment.apps \"web\" is invalid: [spec.selector: Required value, …]").withNewDetails()
        .addNewCause().withField("spec.selector").withMessage("Required value").endCause()
        .addNewCause().withField("spec.template.metadata.labels").withMessage("Invalid value: map[string]string{\"app\":\"web\"}:\n"
            + "`selector` does not match template `labels`").endCause().endDetails().build());
    KubernetesClientException notFound = new KubernetesClientException(new StatusBuilder().withCode(404).withReason("NotFound")
        .withMessage("namespaces \"shop\" not found").build());
    KubernetesClientException odd = new KubernetesClientException(
        new StatusBuilder().withCode(500).withReason("secret reason").withMessage("secret body").build());
    KubernetesClientException plain = new KubernetesClientException(new StatusBuilder().withCode(502).withMessage("secret").build());

    assertThat(ClusterConnector.describe(invalid)).isEqualTo("HTTP 422 from the cluster (Invalid): spec.selector: Required"
        + " value; spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"web\"}: `selector` does not"
        + " match template `labels`");
    assertThat(ClusterConnector.describe(notFound)).isEqualTo("HTTP 404 from the cluster (NotFound): namespaces \"shop\" not found");
    assertThat(ClusterConnector.describe(odd)).isEqualTo("HTTP 500 from the cluster");
    assertThat(ClusterConnector.describe(plain)).isEqualTo("HTTP 502 from the cluster");
    assertThat(ClusterConnector.describe(new IllegalStateException("secret", new ConnectException("secret"))))
        .isEqualTo("connection refused");
    assertThat(ClusterConnector.describe(new IllegalStateException("secret"))).doesNotContain("secret");
  }
}
