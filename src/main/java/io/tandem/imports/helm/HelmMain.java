package io.tandem.imports.helm;

import com.marcnuri.helm.TemplateCommand;
import com.marcnuri.helm.jni.HelmLib;
import com.marcnuri.helm.jni.PackageOptions;
import com.marcnuri.helm.jni.Result;
import com.marcnuri.helm.jni.ShowOptions;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * Renders one chart in a process of its own, so that the server can kill it at the time limit, and because Helm's
 * Go runtime takes over SIGTERM and SIGINT in the process that loads it, which would keep the server from shutting
 * down. Arguments: the native library, the working folder, the release name ("" for the chart's name) and the
 * namespace.
 *
 * <p>The working folder holds {@code chart.tgz}, or the chart's files under {@code chart/} (then packed into
 * {@code chart.tgz} first; an archive is unpacked there first, see {@link HookTemplates}), and {@code values.yaml}. Written back: {@code chart.yaml} (the chart's metadata),
 * {@code crds.yaml}, {@code manifests.yaml}; or {@code error.txt} and exit code {@value #CHART_FAILED}, or
 * {@value #NO_LIBRARY} when the library does not load. A chart's {@code lookup} sees {@link EmptyKubernetesApi}
 * (the environment's {@code KUBECONFIG} names where its kubeconfig is written).
 */
public final class HelmMain {

  static final int CHART_FAILED = 1;
  static final int NO_LIBRARY = 3;

  private HelmMain() {}

  public static void main(String[] args) throws IOException {
    Path work = Path.of(args[1]);
    HelmLib helm;
    try {
      helm = Native.load(args[0], HelmLib.class);
    } catch (LinkageError e) {
      write(work.resolve("error.txt"), "Helm's native library does not load: " + e.getMessage());
      System.exit(NO_LIBRARY);
      return;
    }
    try (EmptyKubernetesApi cluster = EmptyKubernetesApi.start(Path.of(System.getenv("KUBECONFIG")))) {
      Path chart = work.resolve("chart.tgz");
      if (Files.isDirectory(work.resolve("chart"))) {
        pack(helm, work.resolve("chart"), work.resolve("packed"), chart);
      }
      // rendered from a copy whose hooks Helm renders as other objects; the chart itself stays as it was
      Path disguised = work.resolve("disguised");
      HookTemplates.unpack(chart, disguised);
      HookTemplates.disguise(disguised);
      HookTemplates.rewrite(work.resolve("values.yaml"));
      Path rendered = work.resolve("rendered.tgz");
      pack(helm, disguised, work.resolve("packed-disguised"), rendered);
      String metadata = show(helm, chart, "chart");
      write(work.resolve("chart.yaml"), metadata);
      write(work.resolve("crds.yaml"), show(helm, chart, "crds"));
      String release = args[2].isEmpty() ? String.valueOf(HelmChartRenderer.metadata(metadata).name()) : args[2];
      write(work.resolve("manifests.yaml"), HookTemplates.reveal(new TemplateCommand(helm, rendered).withName(release)
          .withNamespace(args[3]).withValuesFile(work.resolve("values.yaml")).call()));
    } catch (IllegalStateException e) {
      write(work.resolve("error.txt"), String.valueOf(e.getMessage()));
      System.exit(CHART_FAILED);
    }
  }

  private static void pack(HelmLib helm, Path folder, Path destination, Path archive) throws IOException {
    Files.createDirectories(destination);
    check(helm, helm.Package(new PackageOptions(folder.toString(), destination.toString(), 0, null, null, null)));
    try (Stream<Path> packed = Files.list(destination)) {
      Path made = packed.filter(file -> file.toString().endsWith(".tgz")).findFirst()
          .orElseThrow(() -> new IllegalStateException("helm package made no archive"));
      Files.move(made, archive, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String show(HelmLib helm, Path chart, String what) {
    return check(helm, helm.Show(new ShowOptions(chart.toString(), what, null, null, null, null, 0, 0, 0)));
  }

  private static String check(HelmLib helm, Result result) {
    String out = result.out;
    String err = result.err;
    helm.Free(result);
    if (err != null && !err.isBlank()) {
      throw new IllegalStateException(err);
    }
    return out == null ? "" : out;
  }

  private static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
