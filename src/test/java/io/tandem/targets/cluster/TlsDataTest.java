package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.support.Fixtures;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class TlsDataTest {

  static final String CA = Fixtures.read("tls/ca.crt");

  static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }

  static String privateKeyPem() throws NoSuchAlgorithmException {
    byte[] pkcs8 = KeyPairGenerator.getInstance("EC").generateKeyPair().getPrivate().getEncoded();
    return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(pkcs8) + "\n-----END PRIVATE KEY-----\n";
  }

  static void assertRefused(ThrowingCallable check, String... words) {
    assertThatThrownBy(check)
        .isInstanceOfSatisfying(TandemException.class, e -> org.assertj.core.api.Assertions.assertThat(e.code())
            .isEqualTo(ProblemCode.VALIDATION_FAILED))
        .message().contains(words);
  }

  @Test
  void aBase64PemCertificateIsAccepted() {
    assertThatCode(() -> TlsData.requireCertificates("Field 'caData'", base64(CA))).doesNotThrowAnyException();
    assertThatCode(() -> TlsData.requireCertificates("Field 'caData'", base64(CA + CA))).doesNotThrowAnyException();
    assertThatCode(() -> TlsData.requireCertificates("Field 'caData'", null)).doesNotThrowAnyException();
  }

  @Test
  void textThatIsNotBase64IsRefusedNamingTheField() {
    assertRefused(() -> TlsData.requireCertificates("Field 'caData'", "not base64 at all!"), "caData", "not base64");
    assertRefused(() -> TlsData.requireCertificates("Field 'caData'", CA), "caData", "not base64");
  }

  @Test
  void base64OfSomethingElseThanAPemCertificateIsRefused() {
    assertRefused(() -> TlsData.requireCertificates("Field 'caData'", base64("hello")), "caData", "not a PEM certificate");
    String broken = CA.replace(CA.substring(80, 120), "A".repeat(40));
    assertRefused(() -> TlsData.requireCertificates("Field 'caData'", base64(broken)), "caData", "cannot be read");
  }

  @Test
  void aPrivateKeyMustBeABase64PemPrivateKey() throws Exception {
    String key = privateKeyPem();
    assertThatCode(() -> TlsData.requirePrivateKey("client-key-data", base64(key))).doesNotThrowAnyException();
    assertRefused(() -> TlsData.requirePrivateKey("client-key-data", base64(CA)), "client-key-data", "not a PEM private key");
    assertRefused(() -> TlsData.requirePrivateKey("client-key-data", "%%%"), "client-key-data", "not base64");
    String garbled = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
    assertRefused(() -> TlsData.requirePrivateKey("client-key-data", base64(garbled)), "client-key-data", "cannot be read");
  }

  @Test
  void theErrorNeverQuotesWhatWasGiven() {
    String secret = "c2VjcmV0LWtleS1tYXRlcmlhbA";
    assertThatThrownBy(() -> TlsData.requireCertificates("Field 'caData'", secret + "!")).message().doesNotContain(secret);
  }
}
