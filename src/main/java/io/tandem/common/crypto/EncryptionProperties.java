package io.tandem.common.crypto;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The key that seals stored credentials ({@code tandem.encryption-key}).
 *
 * @param encryptionKey 32 bytes, base64 ({@code openssl rand -base64 32}); set it when several replicas share a
 *     database; unset, one is generated into {@code <data-dir>/encryption.key}
 */
@ConfigurationProperties("tandem")
public record EncryptionProperties(@DefaultValue("") String encryptionKey) {

  @Override
  public String toString() {
    return "EncryptionProperties[encryptionKey=" + (encryptionKey.isBlank() ? "unset" : "(set)") + "]";
  }
}
