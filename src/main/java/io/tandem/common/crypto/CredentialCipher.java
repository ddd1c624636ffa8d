package io.tandem.common.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts credentials at rest with AES-256-GCM. Each value gets a fresh 12-byte nonce, stored in front of the
 * ciphertext; the owner's id is bound as associated data, so a ciphertext copied to another row does not decrypt.
 */
public final class CredentialCipher {

  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecretKey key;
  private final SecureRandom random = new SecureRandom();

  public CredentialCipher(SecretKey key) {
    this.key = key;
  }

  public byte[] encrypt(String plaintext, String associatedData) {
    try {
      byte[] nonce = new byte[NONCE_BYTES];
      random.nextBytes(nonce);
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot encrypt credentials", e);
    }
  }

  /**
   * The plaintext of a value {@link #encrypt} sealed.
   *
   * @throws IllegalStateException when the value was not sealed with this key and associated data
   */
  public String decrypt(byte[] sealed, String associatedData) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
      cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      return new String(cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      // never include the ciphertext or key material in the message
      throw new IllegalStateException("Cannot decrypt credentials: wrong encryption key or damaged data");
    }
  }
}
