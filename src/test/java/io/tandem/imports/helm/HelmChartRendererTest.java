package io.tandem.imports.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.ChartRenderer;
import io.tandem.imports.domain.Release;
import io.tandem.imports.domain.RenderedChart;
import io.tandem.support.TestCharts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/** Helm itself, in its own process, on the tests' chart: offline, with its values, helpers, CRDs and dependency. */
class HelmChartRendererTest {

  @TempDir Path dataDir;
  HelmNativeLibrary library;
  HelmChartRenderer renderer;

  @BeforeEach
  void helmLoadsHere() {
    library = new HelmNativeLibrary(new TandemProperties(dataDir, DataSize.ofMegabytes(4), null));
    Assumptions.assumeTrue(library.unavailable().isEmpty(),
        () -> "Skipped: Helm's native library does not load on this platform: " + library.unavailable().orElse(""));
    renderer = renderer(Duration.ofSeconds(60));
  }

  HelmChartRenderer renderer(Duration timeout) {
    return new HelmChartRenderer(library, new ImportsProperties(DataSize.ofMegabytes(1), timeout, Duration.ofSeconds(5), null, Duration.ZERO, null));
  }

  @Test
  void hooksAreRenderedWithTheChartsOtherTemplatesAsHelmTemplatePrintsThem() {
    Map<String, String> files = new LinkedHashMap<>(TestCharts.shop("1.0.0"));
    files.put("templates/migrate.yaml", """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: {{ .Release.Name }}-migrate
          annotations:
            helm.sh/hook: pre-install,pre-upgrade
            helm.sh/hook-weight: "-5"
        spec:
          template:
            spec:
              restartPolicy: Never
              containers:
                - name: migrate
                  image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
        """);
    files.put("templates/tests/ping.yaml", """
        apiVersion: v1
        kind: Pod
        metadata:
          name: {{ .Release.Name }}-ping
          annotations:
            helm.sh/hook: test
        spec:
          containers:
            - name: ping
              image: busybox
        """);

    RenderedChart rendered = renderer.render(TestCharts.tgz("shop", files), new Release("web", "shop", ""));

    assertThat(rendered.manifests()).contains("# Source: shop/templates/migrate.yaml", "name: web-migrate",
        "helm.sh/hook: pre-install,pre-upgrade", "name: web-ping", "helm.sh/hook: test").doesNotContain("tandem.io");
  }

  @Test
  void aPackagedChartRendersWithItsHelpersValuesCrdsAndDependency() {
    RenderedChart rendered = renderer.render(TestCharts.packed("1.0.0"), new Release("web", "shop", "replicas: 3\n"));

    assertThat(rendered.chart().name()).isEqualTo("shop");
    assertThat(rendered.chart().version()).isEqualTo("1.0.0");
    assertThat(rendered.chart().appVersion()).isEqualTo("1.27");
    assertThat(rendered.crds()).contains("name: widgets.shop.example.com");
    assertThat(rendered.manifests())
        .contains("name: web-shop") // the helper
        .contains("app.kubernetes.io/instance: web")
        .contains("replicas: 3") // the values given
        .contains("image: \"nginx:1.27\"") // the chart's own values
        .contains("name: web-cache") // the dependency
        .contains("# Source: shop/templates/deployment.yaml")
        .doesNotContain("CustomResourceDefinition"); // CRDs come apart, as Helm installs them
  }

  @Test
  void aChartFolderIsPackedAndRendered() {
    Map<String, byte[]> files = new LinkedHashMap<>();
    TestCharts.shop("2.0.0").forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));

    ChartRenderer.PackagedChart packed = renderer.renderFolder(files, new Release("web", "default", ""));

    assertThat(packed.rendered().chart().version()).isEqualTo("2.0.0");
    assertThat(packed.rendered().manifests()).contains("image: \"nginx:1.28\"", "shop.example.com/generation");
    assertThat(renderer.render(packed.archive(), new Release("web", "default", "")).manifests())
        .isEqualTo(packed.rendered().manifests());
  }

  @Test
  void noReleaseNameRendersWithTheChartsName() {
    assertThat(renderer.render(TestCharts.packed("1.0.0"), new Release("", "default", "")).manifests())
        .contains("name: shop-shop");
  }

  @Test
  void aTemplateThatFailsIsAValidationProblemWithoutWhatHelmSaid() {
    Map<String, String> files = new LinkedHashMap<>(TestCharts.shop("1.0.0"));
    files.put("templates/broken.yaml", "{{ required \"greeting.audience is required\" .Values.audience }}\n");

    assertThatThrownBy(() -> renderer.render(TestCharts.tgz("shop", files), new Release("web", "default", "")))
        .isInstanceOfSatisfying(TandemException.class, e -> {
          assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED);
          assertThat(e.getMessage()).contains("a template fails").doesNotContain("greeting.audience");
        });
  }

  @Test
  void anArchiveWithoutChartYamlIsNotAChart() {
    byte[] notAChart = TestCharts.tgz("things", Map.of("deployment.yaml", "kind: Deployment\n"));

    assertThatThrownBy(() -> renderer.render(notAChart, new Release("web", "default", "")))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage()).contains("Chart.yaml"));
  }

  @Test
  void aRenderingOverTheTimeLimitIsStoppedAndSaysSo() {
    Map<String, String> files = new LinkedHashMap<>(TestCharts.shop("1.0.0"));
    files.put("templates/slow.yaml", "{{- range $i := until 2000000000 }}{{ end }}\n");

    assertThatThrownBy(() -> renderer(Duration.ofSeconds(3)).render(TestCharts.tgz("shop", files), new Release("web", "default", "")))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage()).contains("longer than 3s"));
  }

  @Test
  void theWorkingFoldersAreDeletedAfterwards() throws Exception {
    renderer.render(TestCharts.packed("1.0.0"), new Release("web", "default", ""));
    try {
      renderer.render(new byte[] {0x1f, (byte) 0x8b, 0}, new Release("web", "default", ""));
    } catch (TandemException expected) {
      // a broken archive fails, and leaves nothing behind either
    }
    try (Stream<Path> left = Files.list(library.workRoot())) {
      assertThat(left).isEmpty();
    }
  }
}
