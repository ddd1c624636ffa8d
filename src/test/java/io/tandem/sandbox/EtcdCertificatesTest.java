package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EtcdCertificatesTest {

  @TempDir Path folder;

  @Test
  void etcdServesLoopbackAndTheClientCertificateIsSignedByTheSameCaAndAllFilesAreOwnerOnly()
      throws IOException, GeneralSecurityException {
    EtcdCertificates pki = EtcdCertificates.issue(folder.resolve("etcd"));

    X509Certificate ca = read(pki.ca());
    X509Certificate server = read(pki.serverCert());
    X509Certificate client = read(pki.clientCert());
    server.verify(ca.getPublicKey());
    client.verify(ca.getPublicKey());
    assertThat(ca.getBasicConstraints()).isNotNegative();
    assertThat(server.getSubjectAlternativeNames()).containsExactlyInAnyOrder(List.of(7, "127.0.0.1"), List.of(2, "localhost"));
    assertThat(server.getExtendedKeyUsage()).containsExactlyInAnyOrder("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2");
    assertThat(client.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.2");
    assertThat(Files.readString(pki.serverKey())).startsWith("-----BEGIN PRIVATE KEY-----\n");
    assertThat(pki.ssl().getProtocol()).isEqualTo("TLS");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("etcd")))).isEqualTo("rwx------");
    for (Path file : List.of(pki.ca(), pki.serverCert(), pki.serverKey(), pki.clientCert(), pki.clientKey())) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).as(file.toString()).isEqualTo("rw-------");
    }
  }

  private static X509Certificate read(Path pem) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(pem)) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }
}
