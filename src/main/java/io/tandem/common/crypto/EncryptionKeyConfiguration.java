package io.tandem.common.crypto;

import io.tandem.common.config.TandemProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The key that seals credentials: {@code tandem.encryption-key} (32 bytes, base64) when configured, as it must be
 * for several replicas; otherwise a key generated on the first run into {@code <data-dir>/encryption.key}.
 */
@Configuration(proxyBeanMethods = false)
class EncryptionKeyConfiguration {

  private static final Logger log = LoggerFactory.getLogger(EncryptionKeyConfiguration.class);

  @Bean
  CredentialCipher credentialCipher(
      EncryptionProperties settings, TandemProperties properties) {
    String configuredKey = settings.encryptionKey();
    byte[] key = configuredKey.isBlank() ? keyFile(properties.dataDir().resolve("encryption.key")) : decode(configuredKey);
    if (key.length != 32) {
      throw new IllegalStateException("tandem.encryption-key must be 32 bytes, base64-encoded (openssl rand -base64 32)");
    }
    return new CredentialCipher(new SecretKeySpec(key, "AES"));
  }

  private static byte[] decode(String base64) {
    try {
      return Base64.getDecoder().decode(base64.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("tandem.encryption-key is not valid base64");
    }
  }

  private static byte[] keyFile(Path file) {
    try {
      if (Files.exists(file)) {
        return decode(Files.readString(file, StandardCharsets.US_ASCII));
      }
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, Base64.getEncoder().encodeToString(key) + "\n", StandardCharsets.US_ASCII);
      try {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system; the directory's permissions must protect it
      }
      log.info("Generated a credentials encryption key in {}", file.toAbsolutePath());
      return key;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read or create the encryption key " + file, e);
    }
  }
}
