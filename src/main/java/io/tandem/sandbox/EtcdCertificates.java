package io.tandem.sandbox;

import io.tandem.common.files.OwnerOnlyFiles;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The sandbox etcd's own certificate authority and the certificates it signs, made afresh at each start (etcd's data
 * does not depend on them) and written 0600 to {@code <state>/pki/etcd}: etcd's serving and peer certificate, and
 * the client certificate of the API server and of Tandem, without which etcd refuses a connection.
 */
record EtcdCertificates(Path ca, Path serverCert, Path serverKey, Path clientCert, Path clientKey, SSLContext ssl) {

  private static final SecureRandom RANDOM = new SecureRandom();
  /** Made again at each start, so they only have to outlast one run of the server. */
  private static final Duration VALIDITY = Duration.ofDays(3650);

  static EtcdCertificates issue(Path folder) throws IOException {
    OwnerOnlyFiles.folder(folder);
    try {
      KeyPair caKeys = ecKeys();
      X500Name caName = new X500Name("CN=tandem-sandbox-etcd-ca");
      X509Certificate ca = sign(caName, caKeys, caName, caKeys.getPrivate(), authority());
      KeyPair serverKeys = ecKeys();
      X509Certificate server = sign(new X500Name("CN=etcd"), serverKeys, caName, caKeys.getPrivate(),
          builder -> leaf(builder, KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth)
              .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                  new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")})));
      KeyPair clientKeys = ecKeys();
      X509Certificate client = sign(new X500Name("CN=tandem"), clientKeys, caName, caKeys.getPrivate(),
          builder -> leaf(builder, KeyPurposeId.id_kp_clientAuth));
      return new EtcdCertificates(
          OwnerOnlyFiles.write(folder.resolve("ca.crt"), pem("CERTIFICATE", ca.getEncoded())),
          OwnerOnlyFiles.write(folder.resolve("server.crt"), pem("CERTIFICATE", server.getEncoded())),
          OwnerOnlyFiles.write(folder.resolve("server.key"), pem("PRIVATE KEY", serverKeys.getPrivate().getEncoded())),
          OwnerOnlyFiles.write(folder.resolve("client.crt"), pem("CERTIFICATE", client.getEncoded())),
          OwnerOnlyFiles.write(folder.resolve("client.key"), pem("PRIVATE KEY", clientKeys.getPrivate().getEncoded())),
          sslContext(ca, client, clientKeys.getPrivate()));
    } catch (GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("Cannot make the sandbox etcd's certificates", e);
    }
  }

  private interface Extensions {
    X509v3CertificateBuilder add(X509v3CertificateBuilder builder) throws CertIOException;
  }

  private static Extensions authority() {
    return builder -> builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
        .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
  }

  private static X509v3CertificateBuilder leaf(X509v3CertificateBuilder builder, KeyPurposeId... purposes)
      throws CertIOException {
    return builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
        .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
        .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purposes));
  }

  private static X509Certificate sign(X500Name subject, KeyPair keys, X500Name issuer, PrivateKey issuerKey,
      Extensions extensions) throws GeneralSecurityException, OperatorCreationException, IOException {
    Instant now = Instant.now();
    // an hour back, for a clock that a child process reads slightly differently
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM),
        Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
    extensions.add(builder);
    return new JcaX509CertificateConverter()
        .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
  }

  /** Trusts only the sandbox's CA and presents the client certificate: Tandem's own calls to etcd. */
  private static SSLContext sslContext(X509Certificate ca, X509Certificate client, PrivateKey clientKey)
      throws GeneralSecurityException, IOException {
    char[] password = new char[0];
    KeyStore keys = KeyStore.getInstance("PKCS12");
    keys.load(null, null);
    keys.setKeyEntry("client", clientKey, password, new Certificate[] {client, ca});
    KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keyManagers.init(keys, password);
    KeyStore trusted = KeyStore.getInstance("PKCS12");
    trusted.load(null, null);
    trusted.setCertificateEntry("ca", ca);
    TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustManagers.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), RANDOM);
    return context;
  }

  private static KeyPair ecKeys() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
    return generator.generateKeyPair();
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }
}
