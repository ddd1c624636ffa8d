package io.tandem.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

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

  /** Over TLS, trusting only the certificate chain the API server wrote (it makes its own, self-signed). */
  boolean httpsOk(String url, Path chain) {
    if (!Files.exists(chain)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(chain)) {
      KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
      trusted.load(null, null);
      int i = 0;
      for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        trusted.setCertificateEntry("sandbox-" + i++, certificate);
      }
      TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(null, trust.getTrustManagers(), null);
      return ok(HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(1)).build(), url);
    } catch (IOException | java.security.GeneralSecurityException e) {
      return false; // the file is still being written
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
