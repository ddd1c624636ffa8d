package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.Config;
import io.tandem.common.error.TandemException;
import io.tandem.targets.domain.TargetCredentials;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The certificates and keys of target credentials, checked when they are registered, so that a malformed one is a
 * 400 naming its field instead of a health check that fails later. Errors never quote what was given.
 */
final class TlsData {

  private static final Pattern PEM_BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]+?)\\s*-----END \\1-----");

  private TlsData() {}

  /** @throws TandemException {@code validation-failed} for a CA, client certificate or key that cannot be used */
  static void requireValid(TargetCredentials credentials, Config config) {
    if (credentials.kubeconfig() == null) {
      requireCertificates("Field 'caData'", credentials.caData());
      return;
    }
    requireCertificates("Field 'kubeconfig': its certificate-authority-data", config.getCaCertData());
    requireCertificates("Field 'kubeconfig': its client-certificate-data", config.getClientCertData());
    requirePrivateKey("Field 'kubeconfig': its client-key-data", config.getClientKeyData());
  }

  /** Base64 of one or more PEM certificates ({@code -----BEGIN CERTIFICATE-----}); nothing to check when blank. */
  static void requireCertificates(String what, String base64) {
    String pem = pem(what, base64);
    if (pem == null) {
      return;
    }
    if (!pem.contains("-----BEGIN CERTIFICATE-----")) {
      throw TandemException.validation(what + " is not a PEM certificate (base64 of -----BEGIN CERTIFICATE----- …).");
    }
    try {
      CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    } catch (CertificateException | RuntimeException e) {
      throw TandemException.validation(what + " holds a PEM certificate that cannot be read.");
    }
  }

  /** Base64 of a PEM private key (PKCS#8, or RSA or EC); nothing to check when blank. */
  static void requirePrivateKey(String what, String base64) {
    String pem = pem(what, base64);
    if (pem == null) {
      return;
    }
    Matcher block = PEM_BLOCK.matcher(pem);
    if (!block.find() || !block.group(1).endsWith("PRIVATE KEY")) {
      throw TandemException.validation(what + " is not a PEM private key (base64 of -----BEGIN PRIVATE KEY----- …).");
    }
    byte[] der;
    try {
      der = Base64.getMimeDecoder().decode(block.group(2));
    } catch (IllegalArgumentException e) {
      der = new byte[0];
    }
    if (der.length == 0 || der[0] != 0x30) { // a DER SEQUENCE, as every key encoding is
      throw TandemException.validation(what + " holds a PEM private key that cannot be read.");
    }
  }

  /** The PEM text that {@code base64} encodes; {@code null} when blank. */
  private static String pem(String what, String base64) {
    if (base64 == null || base64.isBlank()) {
      return null;
    }
    try {
      return new String(Base64.getDecoder().decode(base64), StandardCharsets.US_ASCII);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation(what + " is not base64 (on one line, as base64 -w0 writes it).");
    }
  }
}
