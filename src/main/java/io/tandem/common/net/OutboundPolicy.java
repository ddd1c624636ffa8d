package io.tandem.common.net;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Which addresses the server's outbound calls (clusters, webhooks, Git remotes, chart repositories and registries) may
 * reach: public ones; private ones when {@code tandem.outbound.allow-private}; any in
 * {@code tandem.outbound.allowed-networks}; and, for cluster connections only, the built-in sandbox's own address and
 * port.
 *
 * <p>A destination is checked when it is registered and again before every connection (DNS may have changed). Its
 * host is read by {@link OutboundHost} (numeric forms that parsers read differently, and zone IDs, are refused), a
 * name is resolved once and every address it resolves to must be allowed. The HTTP clients in use (the JDK's
 * for webhooks, chart sources and Git over HTTP, fabric8's Vert.x client, which runs with
 * {@code vertx.disableDnsResolver}, and JGit's SSH) then resolve the name again through {@link InetAddress}, whose
 * cache answers with the addresses just checked; that is why the cache must not be switched off
 * ({@code networkaddress.cache.ttl=0}).
 */
@Component
public class OutboundPolicy {

  private static final List<Cidr> PRIVATE = cidrs("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7");
  /** Never public: loopback, link-local (cloud metadata), unspecified, multicast, reserved, documentation and the like. */
  private static final List<Cidr> SPECIAL = cidrs("0.0.0.0/8", "127.0.0.0/8", "169.254.0.0/16", "192.0.0.0/24",
      "192.0.2.0/24", "192.88.99.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
      "::/128", "::1/128", "::/96", "100::/64", "2001::/32", "2001:db8::/32", "fe80::/10", "fec0::/10", "ff00::/8");
  /**
   * IPv6 forms that carry an IPv4 address in their last four bytes (NAT64) or bytes 2-5 (6to4). IPv4-mapped ones
   * (::ffff:a.b.c.d) need none: {@link InetAddress} turns them into IPv4 addresses itself.
   */
  private static final Cidr NAT64 = Cidr.parse("64:ff9b::/96");
  private static final Cidr SIX_TO_FOUR = Cidr.parse("2002::/16");

  /** What a destination is for: only a cluster connection may reach the sandbox's own address. */
  public enum Use { CLUSTER, OTHER }

  private final boolean allowPrivate;
  private final List<Cidr> allowedNetworks;
  private final Set<InetSocketAddress> builtIn = ConcurrentHashMap.newKeySet();

  public OutboundPolicy(OutboundProperties properties) {
    this.allowPrivate = properties.allowPrivate();
    this.allowedNetworks = properties.allowedNetworks().stream().filter(s -> !s.isBlank()).map(Cidr::parse).toList();
    requireDnsCache();
  }

  /**
   * A destination the server itself provides (the sandbox's API server on loopback): allowed for cluster connections
   * whatever the settings, and for nothing else.
   */
  public void allowBuiltIn(InetSocketAddress destination) {
    builtIn.add(destination);
  }

  /**
   * At registration: refuses a URL whose host is not read one way only, or resolves to an address this server must
   * not call. A name that does not resolve (yet) passes; it is checked again before every connection.
   *
   * @throws TandemException {@code url-not-allowed} or {@code destination-not-allowed}, naming the field
   */
  public void requireAllowed(String field, URI url) {
    requireAllowed(field, url, Use.OTHER);
  }

  public void requireAllowed(String field, URI url, Use use) {
    requireAllowed(field, OutboundHost.of(field, url), defaultPort(url.getScheme(), url.getPort()), use);
  }

  public void requireAllowed(String field, String host, int port) {
    requireAllowed(field, host, port, Use.OTHER);
  }

  private void requireAllowed(String field, String host, int port, Use use) {
    try {
      resolveAllowed(field, host, port, use);
    } catch (UnknownHostException e) {
      // nothing to reach now; connection time checks it again
    }
  }

  /**
   * Before a connection: reads the URL's host, resolves a name once and checks every address it has.
   *
   * @throws TandemException {@code url-not-allowed}, or {@code destination-not-allowed} when any address is not allowed
   */
  public List<InetAddress> resolveAllowed(String field, URI url) throws UnknownHostException {
    return resolveAllowed(field, url, Use.OTHER);
  }

  public List<InetAddress> resolveAllowed(String field, URI url, Use use) throws UnknownHostException {
    return resolveAllowed(field, OutboundHost.of(field, url), defaultPort(url.getScheme(), url.getPort()), use);
  }

  public List<InetAddress> resolveAllowed(String field, String host, int port) throws UnknownHostException {
    return resolveAllowed(field, host, port, Use.OTHER);
  }

  private List<InetAddress> resolveAllowed(String field, String host, int port, Use use) throws UnknownHostException {
    if (host == null || host.isBlank()) {
      throw TandemException.validation("Field '" + field + "' has no host.");
    }
    if (port < 1 || port > 65535) {
      throw TandemException.validation("Field '" + field + "' names port " + port + ", which is not a TCP port.");
    }
    Optional<InetAddress> literal = OutboundHost.literal(field, host);
    List<InetAddress> addresses = literal.isPresent() ? List.of(literal.get()) : Arrays.asList(InetAddress.getAllByName(host));
    for (InetAddress address : addresses) {
      if (!(allows(address) || (use == Use.CLUSTER && builtIn.contains(new InetSocketAddress(address, port))))) {
        throw new TandemException(ProblemCode.DESTINATION_NOT_ALLOWED, "Field '" + field + "' points at a "
            + classOf(address) + " address, which this server does not call (an organisation admin can allow it with"
            + " tandem.outbound.allowed-networks or tandem.outbound.allow-private).");
      }
    }
    return addresses;
  }

  /** Whether a connection to the address is allowed by the settings; the sandbox's is not among them. */
  public boolean allows(InetAddress address) {
    byte[] bytes = address.getAddress();
    if (allowedNetworks.stream().anyMatch(network -> network.contains(bytes))) {
      return true;
    }
    return isPublic(bytes) || (allowPrivate && isPrivate(bytes));
  }

  /** Public: neither private nor special, including IPv4 addresses inside IPv6 forms. */
  public static boolean isPublic(InetAddress address) {
    return isPublic(address.getAddress());
  }

  private static boolean isPublic(byte[] bytes) {
    byte[] embedded = embeddedIpv4(bytes);
    if (embedded != null) {
      return isPublic(embedded);
    }
    return !isPrivate(bytes) && SPECIAL.stream().noneMatch(block -> block.contains(bytes));
  }

  private static boolean isPrivate(byte[] bytes) {
    byte[] embedded = embeddedIpv4(bytes);
    return PRIVATE.stream().anyMatch(block -> block.contains(embedded != null ? embedded : bytes));
  }

  private static byte[] embeddedIpv4(byte[] bytes) {
    if (NAT64.contains(bytes)) {
      return Arrays.copyOfRange(bytes, 12, 16);
    }
    return SIX_TO_FOUR.contains(bytes) ? Arrays.copyOfRange(bytes, 2, 6) : null;
  }

  private static String classOf(InetAddress address) {
    if (address.isLoopbackAddress()) {
      return "loopback";
    }
    if (address.isLinkLocalAddress()) {
      return "link-local";
    }
    if (address.isAnyLocalAddress()) {
      return "unspecified";
    }
    return isPrivate(address.getAddress()) ? "private" : "non-public";
  }

  /** {@code port} when given (positive), else the scheme's well-known port. */
  public static int defaultPort(String scheme, int port) {
    if (port > 0) {
      return port;
    }
    return switch (scheme == null ? "" : scheme.toLowerCase(Locale.ROOT)) {
      case "http" -> 80;
      case "ssh" -> 22;
      case "git" -> 9418;
      default -> 443;
    };
  }

  /**
   * The check above holds only while the JVM's DNS cache keeps what it resolved for the clients' own lookup right
   * after; with caching off a name could answer a public address to the check and a private one to the client.
   */
  private static void requireDnsCache() {
    String ttl = Security.getProperty("networkaddress.cache.ttl");
    String legacy = System.getProperty("sun.net.inetaddr.ttl");
    if ("0".equals(ttl == null ? legacy : ttl.strip())) {
      throw new IllegalStateException("networkaddress.cache.ttl is 0: outbound destinations cannot be checked reliably"
          + " without the JVM's DNS cache; leave it at its default (30 s) or set a positive value.");
    }
  }

  private static List<Cidr> cidrs(String... blocks) {
    return Arrays.stream(blocks).map(Cidr::parse).toList();
  }
}
