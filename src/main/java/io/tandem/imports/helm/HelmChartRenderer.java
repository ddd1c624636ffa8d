package io.tandem.imports.helm;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.process.BoundedProcess;
import io.tandem.common.process.WorkFolder;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.ChartMetadata;
import io.tandem.imports.domain.ChartRenderer;
import io.tandem.imports.domain.Release;
import io.tandem.imports.domain.RenderedChart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Renders charts with Helm ({@link HelmMain}) in a JVM of its own for each chart, at most two at a time, in a
 * working folder that is deleted afterwards. The process runs offline: no proxy that works, a home of its own (no
 * repositories or registry logins of the server's user), and a chart's dependencies only from its {@code charts/}.
 */
@Component
class HelmChartRenderer implements ChartRenderer {

  private static final Logger log = LoggerFactory.getLogger(HelmChartRenderer.class);
  /** The most rendered text read back; a unit is smaller still (tandem.max-unit-data-size). */
  private static final long MAX_OUTPUT_BYTES = 32L * 1024 * 1024;
  private static final List<String> JVM_OPTIONS =
      List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto");

  private final HelmNativeLibrary library;
  private final ImportsProperties settings;
  private final Semaphore slots = new Semaphore(2);

  HelmChartRenderer(HelmNativeLibrary library, ImportsProperties settings) {
    this.library = library;
    this.settings = settings;
  }

  @Override
  public Optional<String> unavailable() {
    return library.unavailable();
  }

  @Override
  public RenderedChart render(byte[] archive, Release release) {
    return inWorkingFolder(work -> {
      work.write("chart.tgz", archive);
      return run(work.path(), release);
    });
  }

  @Override
  public PackagedChart renderFolder(Map<String, byte[]> files, Release release) {
    return inWorkingFolder(work -> {
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        try {
          work.write("chart/" + file.getKey(), file.getValue());
        } catch (IllegalArgumentException e) {
          throw TandemException.validation("The chart's file '" + file.getKey() + "' lies outside its folder.");
        }
      }
      RenderedChart rendered = run(work.path(), release);
      return new PackagedChart(Files.readAllBytes(work.path().resolve("chart.tgz")), rendered);
    });
  }

  private RenderedChart run(Path work, Release release) throws IOException, InterruptedException {
    Files.writeString(work.resolve("values.yaml"), release.values(), StandardCharsets.UTF_8);
    List<String> command = JavaCommand.of(HelmMain.class, JVM_OPTIONS,
        List.of(library.file().toString(), work.toString(), release.name(), release.namespace()));
    BoundedProcess.Result result = BoundedProcess.run(command, environment(work), work, settings.renderTimeout(), 64 * 1024);
    if (result.timedOut()) {
      throw TandemException.validation("Rendering the chart took longer than " + settings.renderTimeout().toSeconds()
          + "s (tandem.imports.render-timeout).");
    }
    if (result.exitCode() == HelmMain.NO_LIBRARY || result.exitCode() == HelmMain.CHART_FAILED) {
      // What Helm says may quote what a template read or a remote answered: it goes to the debug log only.
      log.debug("Helm's process ended with {}: {}", result.exitCode(), BoundedProcess.head(work.resolve("error.txt"), 16 * 1024).strip());
      throw result.exitCode() == HelmMain.NO_LIBRARY
          ? new TandemException(ProblemCode.HELM_UNAVAILABLE, "Helm's native library does not load on this server.")
          : TandemException.validation("Helm cannot render the chart: a template fails (required, fail, a syntax"
              + " error) or the chart is not valid (no Chart.yaml, bad metadata); Helm's own message is not repeated.");
    }
    if (result.exitCode() != 0) {
      log.warn("Helm's process ended with exit code {}", result.exitCode());
      log.debug("Its error output: {}", result.stderr().strip());
      throw new IllegalStateException("Helm's process ended with exit code " + result.exitCode());
    }
    return new RenderedChart(metadata(read(work, "chart.yaml")), read(work, "crds.yaml"), read(work, "manifests.yaml"));
  }

  private static Map<String, String> environment(Path work) {
    String home = work.resolve("home").toString();
    // Nothing to fetch: a proxy on a closed port makes any attempt fail at once.
    String nowhere = "http://127.0.0.1:9";
    // KUBECONFIG: where HelmMain writes the kubeconfig of its empty API; Helm connects nowhere else for lookup
    return Map.of("HOME", home, "HELM_CACHE_HOME", home, "HELM_CONFIG_HOME", home, "HELM_DATA_HOME", home,
        "KUBECONFIG", work.resolve("home/kubeconfig").toString(), "HTTP_PROXY", nowhere, "HTTPS_PROXY", nowhere,
        "NO_PROXY", "");
  }

  private static String read(Path work, String name) throws IOException {
    Path file = work.resolve(name);
    if (Files.size(file) > MAX_OUTPUT_BYTES) {
      throw TandemException.validation("The chart renders to more than " + MAX_OUTPUT_BYTES / (1024 * 1024) + " MiB.");
    }
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  static ChartMetadata metadata(String chartYaml) {
    Map<?, ?> chart = new Yaml(new SafeConstructor(new LoaderOptions())).load(chartYaml);
    return new ChartMetadata(text(chart.get("name")), text(chart.get("version")), text(chart.get("appVersion")));
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  private interface InFolder<T> {
    T run(WorkFolder work) throws IOException, InterruptedException;
  }

  private <T> T inWorkingFolder(InFolder<T> job) {
    library.unavailable().ifPresent(why -> {
      throw new TandemException(ProblemCode.HELM_UNAVAILABLE, why);
    });
    try {
      slots.acquire();
      try (WorkFolder work = WorkFolder.create(library.workRoot(), "render-")) {
        return job.run(work);
      } finally {
        slots.release();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while rendering a chart", e);
    }
  }
}
