package io.tandem.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * A Helm chart of the tests' own, in two versions: templates that read values, a helper in {@code _helpers.tpl}, a
 * CustomResourceDefinition in {@code crds/}, and a dependency chart in {@code charts/}. Packed as {@code helm
 * package} packs (a .tgz whose entries sit under a folder named after the chart), by a small tar writer of its own.
 *
 * <p>Version 1.0.0 runs nginx:1.27 with 2 replicas; 2.0.0 runs nginx:1.28 and adds an annotation.
 */
public final class TestCharts {

  private TestCharts() {}

  /** A chart whose Deployment takes its resources from values with toYaml: its values.yaml. */
  public static final String PAYMENTS_VALUES = """
      # how the payment service runs
      paymentService:
        image: payments:1.0  # bumped by the release pipeline
        resources:
          limits:
            memory: 128Mi  # raised by hand during incidents
          requests:
            memory: 64Mi
      """;

  /** That chart's templates/deployment.yaml. */
  public static final String PAYMENTS_DEPLOYMENT = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: payments
      spec:
        replicas: 1
        selector:
          matchLabels: {app: payments}
        template:
          metadata:
            labels: {app: payments}
          spec:
            containers:
              - name: server
                image: {{ .Values.paymentService.image }}
                resources:
                  {{- toYaml .Values.paymentService.resources | nindent 12 }}
      """;


  /** The chart's files, by their path inside the chart folder. */
  public static Map<String, String> shop(String version) {
    boolean two = version.startsWith("2");
    Map<String, String> files = new LinkedHashMap<>();
    files.put("Chart.yaml", """
        apiVersion: v2
        name: shop
        description: The tests' own chart
        version: %s
        appVersion: "%s"
        dependencies:
          - name: cache
            version: 0.1.0
        """.formatted(version, two ? "1.28" : "1.27"));
    files.put("values.yaml", """
        replicas: 2
        image:
          repository: nginx
          tag: "%s"
        greeting: hello
        """.formatted(two ? "1.28" : "1.27"));
    files.put("templates/_helpers.tpl", """
        {{- define "shop.fullname" -}}
        {{ .Release.Name }}-{{ .Chart.Name }}
        {{- end }}
        {{- define "shop.labels" -}}
        app.kubernetes.io/name: {{ .Chart.Name }}
        app.kubernetes.io/instance: {{ .Release.Name }}
        {{- end }}
        """);
    files.put("templates/deployment.yaml", """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: {{ include "shop.fullname" . }}
          labels:
            {{- include "shop.labels" . | nindent 4 }}
        %s
        spec:
          replicas: {{ .Values.replicas }}
          selector:
            matchLabels:
              {{- include "shop.labels" . | nindent 6 }}
          template:
            metadata:
              labels:
                {{- include "shop.labels" . | nindent 8 }}
            spec:
              containers:
                - name: web
                  image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
        """.formatted(two ? "  annotations:\n    shop.example.com/generation: \"2\"" : ""));
    files.put("templates/configmap.yaml", """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ include "shop.fullname" . }}-greeting
        data:
          greeting: {{ .Values.greeting | quote }}
        """);
    files.put("crds/widgets.yaml", """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: widgets.shop.example.com
        spec:
          group: shop.example.com
          scope: Namespaced
          names:
            kind: Widget
            plural: widgets
          versions:
            - name: v1
              served: true
              storage: true
              schema:
                openAPIV3Schema:
                  type: object
        """);
    files.put("charts/cache/Chart.yaml", """
        apiVersion: v2
        name: cache
        version: 0.1.0
        """);
    files.put("charts/cache/values.yaml", "size: 64Mi\n");
    files.put("charts/cache/templates/configmap.yaml", """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ .Release.Name }}-cache
        data:
          size: {{ .Values.size | quote }}
        """);
    return files;
  }

  /** The chart packed as a .tgz. */
  public static byte[] packed(String version) {
    return tgz("shop", shop(version));
  }

  public static String base64(String version) {
    return Base64.getEncoder().encodeToString(packed(version));
  }

  /** Files under a top folder, as a gzipped tar. */
  public static byte[] tgz(String top, Map<String, String> files) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      for (Map.Entry<String, String> file : files.entrySet()) {
        byte[] content = file.getValue().getBytes(StandardCharsets.UTF_8);
        gzip.write(header(top + "/" + file.getKey(), content.length));
        gzip.write(content);
        gzip.write(new byte[(512 - content.length % 512) % 512]);
      }
      gzip.write(new byte[1024]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** A ustar header of a regular file (names up to 100 bytes, which is all the tests need). */
  private static byte[] header(String name, long size) {
    byte[] header = new byte[512];
    put(header, 0, name);
    put(header, 100, "0000644\0");
    put(header, 108, "0000000\0");
    put(header, 116, "0000000\0");
    put(header, 124, String.format("%011o\0", size));
    put(header, 136, String.format("%011o\0", 1_700_000_000L));
    put(header, 148, "        ");
    header[156] = '0';
    put(header, 257, "ustar\0");
    put(header, 263, "00");
    long sum = 0;
    for (byte b : header) {
      sum += b & 0xff;
    }
    put(header, 148, String.format("%06o\0 ", sum));
    return header;
  }

  private static void put(byte[] header, int offset, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(bytes, 0, header, offset, bytes.length);
  }
}
