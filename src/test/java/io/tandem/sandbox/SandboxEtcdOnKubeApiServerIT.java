package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.common.config.TandemProperties;
import io.tandem.support.Api;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's etcd holds the whole cluster's state (every Secret): it takes only TLS clients that present a
 * certificate of the sandbox's own etcd CA, which only the API server and Tandem have.
 */
@TandemIT
@RealCluster
class SandboxEtcdOnKubeApiServerIT {

  @Autowired SandboxCluster sandbox;
  @Autowired TandemProperties properties;

  @Test
  void etcdRefusesPlainHttpAndTlsClientsWithoutTheSandboxsCertificateWhileTheSandboxWorks() throws Exception {
    URI etcd = sandbox.etcdEndpoint();

    assertThat(status(HttpClient.newHttpClient(), URI.create("http://" + etcd.getAuthority() + "/health")))
        .as("a plain-HTTP request to etcd's client port").isNotEqualTo(200);
    // trusting etcd's CA, so that the missing client certificate is the only reason to refuse
    Path ca = SandboxCluster.folder(properties).resolve("pki").resolve("etcd").resolve("ca.crt");
    HttpClient anonymous = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).sslContext(trusting(ca)).build();
    Throwable refused = catchThrowable(() -> anonymous.send(HttpRequest.newBuilder(etcd.resolve("/health"))
        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()));
    assertThat(refused).as("an HTTPS request without a client certificate").isInstanceOf(IOException.class);
    assertThat(sslCause(refused)).as("refused in the TLS handshake").isInstanceOf(SSLException.class);

    String name = Api.uniqueSlug("etcd-tls");
    try (KubernetesClient client = sandbox.client()) {
      client.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName(name)
          .endMetadata().withData(Map.of("stored", "in etcd")).build()).create();
      assertThat(client.configMaps().inNamespace("default").withName(name).get().getData()).containsEntry("stored", "in etcd");
      client.configMaps().inNamespace("default").withName(name).delete();
    }
  }

  private static int status(HttpClient client, URI uri) throws InterruptedException {
    try {
      return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return -1;
    }
  }

  private static SSLContext trusting(Path caFile) throws IOException, GeneralSecurityException {
    KeyStore trusted = KeyStore.getInstance("PKCS12");
    trusted.load(null, null);
    try (InputStream in = Files.newInputStream(caFile)) {
      trusted.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    // TLS 1.2: the server asks for the client's certificate inside the handshake, which then fails at once; under 1.3
    // the refusal comes after it, and a client waiting for its answer may see only a timeout
    SSLContext context = SSLContext.getInstance("TLSv1.2");
    context.init(null, trust.getTrustManagers(), null);
    return context;
  }

  /** The first {@link SSLException} among {@code thrown} and its causes, or {@code thrown} itself. */
  private static Throwable sslCause(Throwable thrown) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof SSLException) {
        return cause;
      }
    }
    return thrown;
  }
}
