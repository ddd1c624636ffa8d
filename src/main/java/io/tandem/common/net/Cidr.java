package io.tandem.common.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/** A block of addresses: an IPv4 or IPv6 network and its prefix length. */
@SuppressWarnings("ArrayRecordComponent") // the network's bytes, read only by contains, never compared
public record Cidr(byte[] network, int prefix) {

  private static final Pattern LITERAL = Pattern.compile("[0-9a-fA-F:.]+");

  /** {@code 10.0.0.0/8}, {@code fc00::/7}, or one address ({@code 127.0.0.1} is {@code 127.0.0.1/32}). */
  public static Cidr parse(String text) {
    String trimmed = text.strip();
    int slash = trimmed.indexOf('/');
    String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
    if (!LITERAL.matcher(address).matches()) { // a literal only: never a name looked up in DNS
      throw new IllegalArgumentException("'" + text + "' is not a CIDR block (an IP address with an optional /prefix).");
    }
    byte[] bytes;
    try {
      bytes = InetAddress.getByName(address).getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("'" + text + "' is not a CIDR block.", e);
    }
    int prefix;
    try {
      prefix = slash < 0 ? bytes.length * 8 : Integer.parseInt(trimmed.substring(slash + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' has no valid prefix length.", e);
    }
    if (prefix < 0 || prefix > bytes.length * 8) {
      throw new IllegalArgumentException("'" + text + "' has a prefix length out of range.");
    }
    return new Cidr(bytes, prefix);
  }

  public boolean contains(InetAddress address) {
    return contains(address.getAddress());
  }

  /** Whether the address (4 or 16 bytes) is inside the block; an address of the other family never is. */
  public boolean contains(byte[] address) {
    if (address.length != network.length) {
      return false;
    }
    int full = prefix / 8;
    for (int i = 0; i < full; i++) {
      if (address[i] != network[i]) {
        return false;
      }
    }
    int rest = prefix % 8;
    if (rest == 0) {
      return true;
    }
    int mask = (0xFF << (8 - rest)) & 0xFF;
    return (address[full] & mask) == (network[full] & mask);
  }
}
