package io.tandem.common.web;

import java.util.Optional;

/**
 * Whether a raw request path is in its one canonical form, so that every layer that looks at a path (routing, the
 * security chain, the audit log, a proxy in front) sees the same one. Refused: percent-encoding of a character that
 * needs none (an unreserved character), of {@code /}, {@code \}, {@code %} or a control character, malformed
 * escapes, {@code ;} parameters, empty segments ({@code //}), dot segments, a backslash, and under {@code /api/} a
 * trailing slash (no route has one).
 */
public final class CanonicalPath {

  private CanonicalPath() {}

  /** Why the raw path is not canonical; empty when it is. */
  public static Optional<String> problem(String rawPath) {
    if (rawPath.isEmpty() || rawPath.charAt(0) != '/') {
      return Optional.of("a path starts with /");
    }
    if (rawPath.indexOf(';') >= 0) {
      return Optional.of("';' path parameters are not accepted");
    }
    if (rawPath.indexOf('\\') >= 0) {
      return Optional.of("a backslash is not accepted");
    }
    if (rawPath.contains("//")) {
      return Optional.of("empty segments ('//') are not accepted");
    }
    if (rawPath.startsWith("/api/") && rawPath.length() > 1 && rawPath.endsWith("/")) {
      return Optional.of("no route ends with '/'");
    }
    for (String segment : rawPath.substring(1).split("/", -1)) {
      if (segment.equals(".") || segment.equals("..")) {
        return Optional.of("dot segments ('.', '..') are not accepted");
      }
    }
    return escapes(rawPath);
  }

  private static Optional<String> escapes(String rawPath) {
    for (int i = rawPath.indexOf('%'); i >= 0; i = rawPath.indexOf('%', i + 1)) {
      if (i + 2 >= rawPath.length() || hex(rawPath.charAt(i + 1)) < 0 || hex(rawPath.charAt(i + 2)) < 0) {
        return Optional.of("a malformed percent-escape");
      }
      int octet = hex(rawPath.charAt(i + 1)) * 16 + hex(rawPath.charAt(i + 2));
      String escape = rawPath.substring(i, i + 3);
      if (unreserved(octet)) {
        return Optional.of("'" + escape + "' encodes '" + (char) octet + "', which is written as it is");
      }
      if (octet == '/' || octet == '\\' || octet == '%' || octet < 0x20 || octet == 0x7f) {
        return Optional.of("'" + escape + "' is not accepted in a path");
      }
    }
    return Optional.empty();
  }

  private static boolean unreserved(int octet) {
    return (octet >= 'a' && octet <= 'z') || (octet >= 'A' && octet <= 'Z') || (octet >= '0' && octet <= '9')
        || octet == '-' || octet == '.' || octet == '_' || octet == '~';
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
