package io.tandem.imports.helm;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Kubernetes API a chart's {@code lookup} sees while it renders: one that holds nothing, in the rendering process
 * itself, on a loopback port of its own, answering 404 to every request. Helm's template action (as helm-java calls it)
 * connects to a cluster for {@code lookup}; without a kubeconfig it would fall back to {@code http://localhost:8080},
 * whatever listens there. With this one, {@code lookup} finds nothing, as {@code helm template} outside a cluster does.
 */
final class EmptyKubernetesApi implements AutoCloseable {

  private final HttpServer server;

  private EmptyKubernetesApi(HttpServer server) {
    this.server = server;
  }

  /** Starts it, and writes a kubeconfig naming it to {@code kubeconfig} (where {@code KUBECONFIG} points). */
  static EmptyKubernetesApi start(Path kubeconfig) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      exchange.getRequestBody().close();
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
    });
    server.start();
    String url = "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    Files.createDirectories(kubeconfig.getParent());
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters:
          - name: none
            cluster:
              server: %s
        contexts:
          - name: none
            context:
              cluster: none
              user: none
        users:
          - name: none
            user: {}
        current-context: none
        """.formatted(url), StandardCharsets.UTF_8);
    return new EmptyKubernetesApi(server);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
