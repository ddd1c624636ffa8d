package io.tandem.common.yaml;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit fingerprint of what {@link LiveCleaner} would leave of a live object, taken without copying or changing it:
 * two versions of an object that differ only in status, server metadata or tool annotations have the same one. Keys of
 * a map count in any order, items of a list in theirs, and a number by its value (an {@code int} 3 is a {@code long}
 * 3). Not a content address: two different objects may, rarely, share one.
 */
public final class ContentFingerprint {

  private static final long MAP = 0x6a09e667f3bcc909L;
  private static final long LIST = 0xbb67ae8584caa73bL;
  private static final long NULL = 0x3c6ef372fe94f82bL;
  private static final long TRUE = 0xa54ff53a5f1d36f1L;
  private static final long FALSE = 0x510e527fade682d1L;
  private static final long NUMBER = 0x9b05688c2b3e6c1fL;

  private static final BigDecimal LONG_RANGE = BigDecimal.valueOf(1L << 62);

  private ContentFingerprint() {}

  public static long of(Map<String, Object> object) {
    long sum = 0;
    for (Map.Entry<String, Object> entry : object.entrySet()) {
      if ("status".equals(entry.getKey())) {
        continue;
      }
      long value = "metadata".equals(entry.getKey()) && entry.getValue() instanceof Map<?, ?> metadata
          ? metadata(metadata) : of(entry.getValue());
      sum += entry(entry.getKey(), value);
    }
    return mix(sum ^ MAP);
  }

  private static long metadata(Map<?, ?> metadata) {
    long sum = 0;
    for (Map.Entry<?, ?> entry : metadata.entrySet()) {
      Object key = entry.getKey();
      if (LiveCleaner.SERVER_METADATA.contains(key)) {
        continue;
      }
      if ("annotations".equals(key) && entry.getValue() instanceof Map<?, ?> annotations) {
        long kept = 0;
        int count = 0;
        for (Map.Entry<?, ?> annotation : annotations.entrySet()) {
          if (!LiveCleaner.TOOL_ANNOTATIONS.contains(annotation.getKey())) {
            kept += entry(annotation.getKey(), of(annotation.getValue()));
            count++;
          }
        }
        if (count > 0) { // as the cleaner, which drops annotations left empty
          sum += entry(key, mix(kept ^ MAP));
        }
        continue;
      }
      sum += entry(key, of(entry.getValue()));
    }
    return mix(sum ^ MAP);
  }

  private static long of(Object value) {
    if (value == null) {
      return NULL;
    }
    if (value instanceof Map<?, ?> map) {
      long sum = 0;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        sum += entry(entry.getKey(), of(entry.getValue()));
      }
      return mix(sum ^ MAP);
    }
    if (value instanceof List<?> list) {
      long hash = LIST;
      for (Object item : list) {
        hash = mix(hash * 31 + of(item));
      }
      return hash;
    }
    if (value instanceof Boolean bool) {
      return bool ? TRUE : FALSE;
    }
    if (value instanceof Number number) {
      return mix(NUMBER ^ numeric(number));
    }
    return text(value.toString());
  }

  private static long numeric(Number number) {
    if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
      return number.longValue();
    }
    if (number instanceof BigInteger || number instanceof BigDecimal) {
      BigDecimal plain = new BigDecimal(number.toString()).stripTrailingZeros();
      return plain.scale() <= 0 && plain.abs().compareTo(LONG_RANGE) < 0 ? plain.longValue()
          : Double.doubleToLongBits(plain.doubleValue());
    }
    double value = number.doubleValue();
    return value == Math.rint(value) && Math.abs(value) < 0x1p62 ? (long) value : Double.doubleToLongBits(value);
  }

  private static long entry(Object key, long value) {
    return mix(text(String.valueOf(key)) * 31 + value);
  }

  /** FNV-1a over the characters, mixed. */
  private static long text(String text) {
    long hash = 0xcbf29ce484222325L;
    for (int i = 0; i < text.length(); i++) {
      hash = (hash ^ text.charAt(i)) * 0x100000001b3L;
    }
    return mix(hash);
  }

  /** The finaliser of SplitMix64: every bit of the input moves about half of the output's. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
