package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.Helm;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The chart's manifests are accepted by a real API server (server-side dry run: validated and defaulted, not stored). */
@TandemIT
@RealCluster
class ChartOnKubeApiServerIT {

  @Test
  void theRenderedManifestsApplyCleanlyWithAServerSideDryRun() throws Exception {
    String output = Kubectl.succeed(Map.of(), "apply", "--dry-run=server", "-n", "default", "-f",
        Path.of("server/deploy/tandem.yaml").toAbsolutePath().toString());

    assertThat(output).contains("deployment.apps/tandem created (server dry run)",
        "service/tandem created (server dry run)", "poddisruptionbudget.policy/tandem created (server dry run)");
  }

  @Test
  void theOptionalIngressAppliesCleanlyToo() throws Exception {
    Path manifests = Files.createTempFile("tandem-chart", ".yaml");
    try {
      Files.writeString(manifests, new Helm(Path.of("server/chart")).template().withName("tandem")
          .set("ingress.enabled", true).set("ingress.tls[0].secretName", "tandem-tls")
          .set("ingress.tls[0].hosts[0]", "tandem.example.com").call());

      String output = Kubectl.succeed(Map.of(), "apply", "--dry-run=server", "-n", "default", "-f", manifests.toString());

      assertThat(output).contains("ingress.networking.k8s.io/tandem created (server dry run)");
    } finally {
      Files.deleteIfExists(manifests);
    }
  }
}
