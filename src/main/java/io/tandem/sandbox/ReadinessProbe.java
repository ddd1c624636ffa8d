package io.tandem.sandbox;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;

/** Waits for a control-plane process to answer, failing at once, with the end of its log, when it exits instead. */
final class ReadinessProbe {

  private final ChildProcesses processes;
  private final Duration timeout;

  ReadinessProbe(ChildProcesses processes, Duration timeout) {
    this.processes = processes;
    this.timeout = timeout;
  }

  void await(String name, Process process, BooleanSupplier ready) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " exited with " + process.exitValue() + ": " + tail(processes.log(name)));
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(name + " was not ready within " + timeout + "; see " + processes.log(name));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for " + name, e);
      }
    }
  }

  boolean httpOk(String url) {
    return ok(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build(), url);
  }

  /** Over TLS with {@code ssl}'s trust and client certificate (etcd answers no one else). */
  boolean httpOk(String url, SSLContext ssl) {
    return ok(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).sslContext(ssl).build(), url);
  }

  /** The API server's own verdict: every readiness check passed (etcd, RBAC bootstrap, the post-start hooks). */
  static boolean ready(KubernetesClient client) {
    try {
      return "ok".equals(client.raw("/readyz"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean ok(HttpClient client, String url) {
    try {
      HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build();
      return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(no log at " + log + ")";
    }
  }
}
