package io.tandem.common.net;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The host of an outbound URL, read one way only. An IP address is accepted in the two forms every parser reads
 * alike: dotted-quad decimal ({@code 192.0.2.1}) and IPv6 in brackets without a zone. Other numeric forms are read
 * differently by different parsers ({@code 0177.0.0.1} is 177.0.0.1 to Java and 127.0.0.1 to the C library;
 * {@code 127.1}, {@code 2130706433}, {@code 0x7f.0.0.1} are 127.0.0.1 to some and names to others), so they are
 * refused, as are zone IDs ({@code fe80::1%eth0}): a host whose last label is a number is an IPv4 address or nothing.
 */
public final class OutboundHost {

  private static final String OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
  private static final Pattern DOTTED_QUAD = Pattern.compile(OCTET + "(?:\\." + OCTET + "){3}");
  private static final Pattern NUMBER = Pattern.compile("[0-9]+|0[xX][0-9a-fA-F]*");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:]+(?::" + DOTTED_QUAD.pattern() + ")?");

  private OutboundHost() {}

  /**
   * The host of a URL, also where {@link URI} finds none because its authority is not a server name
   * ({@code http://127.1/}).
   *
   * @throws TandemException {@code validation-failed} without a host, {@code url-not-allowed} for a numeric form
   *     other than the two above
   */
  public static String of(String field, URI url) {
    String host = url.getHost();
    if (host == null && url.getRawAuthority() != null) {
      String authority = url.getRawAuthority();
      String server = authority.substring(authority.lastIndexOf('@') + 1);
      int colon = server.startsWith("[") ? server.indexOf(']') + 1 : server.lastIndexOf(':');
      host = colon > 0 && colon < server.length() ? server.substring(0, colon) : server;
      literal(field, host); // a numeric form is refused as such; a name URI cannot read is not a URL
      host = null;
    }
    if (host == null || host.isBlank()) {
      throw TandemException.validation("Field '" + field + "' has no host.");
    }
    return host;
  }

  /**
   * The address a literal host names, or empty for a name (to be resolved).
   *
   * @throws TandemException {@code url-not-allowed} for a numeric form other than the two above, or a zone ID
   */
  static Optional<InetAddress> literal(String field, String host) {
    String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    if (bare.contains("%")) {
      throw refused(field, host, "a zone ID or a percent-encoded host");
    }
    if (bare.contains(":")) {
      if (!IPV6.matcher(bare).matches()) {
        throw refused(field, host, "an IPv6 address in a form other than hexadecimal groups (with an optional dotted-quad tail)");
      }
      return Optional.of(parse(field, host, bare));
    }
    String name = bare.endsWith(".") ? bare.substring(0, bare.length() - 1) : bare;
    String last = name.substring(name.lastIndexOf('.') + 1);
    if (!NUMBER.matcher(last).matches()) {
      return Optional.empty();
    }
    if (!bare.equals(name) || !DOTTED_QUAD.matcher(name).matches()) {
      throw refused(field, host, "an IPv4 address in a form other than dotted-quad decimal");
    }
    return Optional.of(parse(field, host, name));
  }

  private static InetAddress parse(String field, String host, String literal) {
    try {
      return InetAddress.getByName(literal); // a literal of the forms above: parsed, never looked up
    } catch (UnknownHostException e) {
      throw refused(field, host, "an address that cannot be read");
    }
  }

  private static TandemException refused(String field, String host, String what) {
    return new TandemException(ProblemCode.URL_NOT_ALLOWED, "Field '" + field + "' names the host '"
        + host.toLowerCase(Locale.ROOT) + "', " + what + "; write an IPv4 address as four decimal numbers without"
        + " leading zeros (192.0.2.1), an IPv6 address in brackets without a zone ([2001:db8::1]), or a name.");
  }
}
