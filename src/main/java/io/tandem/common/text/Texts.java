package io.tandem.common.text;

import java.util.Locale;

/**
 * Characters no text of Tandem may hold. PostgreSQL cannot store U+0000 in text or JSON (the write fails, and the
 * failure echoes the value), and an unpaired UTF-16 surrogate has no UTF-8 form (it would be stored as {@code ?}).
 */
public final class Texts {

  private Texts() {}

  /** What is wrong with {@code text}, for a message ("contains a NUL character (U+0000)"), or null when nothing is. */
  public static String flaw(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\0') {
        return "contains a NUL character (U+0000)";
      }
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return "contains an unpaired surrogate (U+" + Integer.toHexString(c).toUpperCase(Locale.ROOT) + ")";
      }
    }
    return null;
  }
}
