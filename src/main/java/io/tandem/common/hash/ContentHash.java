package io.tandem.common.hash;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The identity of stored content: the SHA-256 of its UTF-8 bytes, as lowercase hex. */
public final class ContentHash {

  private ContentHash() {}

  public static String sha256Hex(String text) {
    return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The SHA-256 of bytes, as lowercase hex. */
  public static String sha256Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }

  /** The form shown in the API: {@code sha256:<hex>}. */
  public static String display(String sha256Hex) {
    return "sha256:" + sha256Hex;
  }
}
