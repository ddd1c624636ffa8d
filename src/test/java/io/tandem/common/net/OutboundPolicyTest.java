package io.tandem.common.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OutboundPolicyTest {

  static final OutboundPolicy DEFAULT = new OutboundPolicy(new OutboundProperties(false, List.of()));

  static InetAddress address(String literal) throws UnknownHostException {
    return InetAddress.getByName(literal);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "127.0.0.1", "127.1.2.3", "::1",                                  // loopback
      "169.254.169.254", "169.254.0.1", "fe80::1", "febf::1",          // link-local, cloud metadata
      "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",       // private
      "fc00::1", "fd12:3456::1", "100.64.0.1",                         // unique local, shared (CGNAT)
      "0.0.0.0", "::", "0.1.2.3",                                      // unspecified, "this network"
      "224.0.0.1", "ff02::1", "255.255.255.255", "240.0.0.1",          // multicast, broadcast, reserved
      "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1",     // IPv4 inside IPv6
      "2002:7f00:1::", "2002:a9fe:a9fe::1", "64:ff9b::a9fe:a9fe",      // 6to4 and NAT64 of loopback and metadata
      "192.0.2.1", "198.18.0.1", "2001:db8::1"})                        // documentation, benchmarking
  void nonPublicAddressesAreRefusedByDefault(String literal) throws Exception {
    assertThat(OutboundPolicy.isPublic(address(literal))).as(literal).isFalse();
    assertThat(DEFAULT.allows(address(literal), 443)).as(literal).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2002:808:808::1",
      "64:ff9b::808:808", "::ffff:8.8.8.8"})
  void publicAddressesAreAllowed(String literal) throws Exception {
    assertThat(DEFAULT.allows(address(literal), 443)).as(literal).isTrue();
  }

  @Test
  void allowPrivateOpensThePrivateRangesButNotLoopbackOrLinkLocal() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(true, List.of()));

    assertThat(policy.allows(address("10.1.2.3"), 443)).isTrue();
    assertThat(policy.allows(address("192.168.0.10"), 443)).isTrue();
    assertThat(policy.allows(address("fd00::5"), 443)).isTrue();
    assertThat(policy.allows(address("127.0.0.1"), 443)).isFalse();
    assertThat(policy.allows(address("169.254.169.254"), 80)).isFalse();
    assertThat(policy.allows(address("0.0.0.0"), 80)).isFalse();
  }

  @Test
  void allowedNetworksOpenExactlyTheirBlocks() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(false, List.of("10.20.0.0/16", "127.0.0.1", "fd00::/8")));

    assertThat(policy.allows(address("10.20.5.5"), 443)).isTrue();
    assertThat(policy.allows(address("10.21.0.1"), 443)).isFalse();
    assertThat(policy.allows(address("127.0.0.1"), 443)).isTrue();
    assertThat(policy.allows(address("127.0.0.2"), 443)).isFalse();
    assertThat(policy.allows(address("fd00::1"), 443)).isTrue();
    assertThat(policy.allows(address("fc00::1"), 443)).isFalse();
  }

  @Test
  void aBuiltInDestinationIsAllowedOnlyAtItsPort() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(false, List.of()));
    policy.allowBuiltIn(new InetSocketAddress(address("127.0.0.1"), 40000));

    assertThat(policy.allows(address("127.0.0.1"), 40000)).isTrue();
    assertThat(policy.allows(address("127.0.0.1"), 40001)).isFalse();
    assertThat(DEFAULT.allows(address("127.0.0.1"), 40000)).isFalse();
  }

  @Test
  void aUrlIsRefusedWhenAnyAddressOfItsHostIsNotAllowedNamingTheField() {
    assertThatThrownBy(() -> DEFAULT.requireAllowed("server", URI.create("https://127.0.0.1:6443")))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.DESTINATION_NOT_ALLOWED))
        .hasMessageContaining("'server'").hasMessageContaining("loopback");
    assertThatThrownBy(() -> DEFAULT.requireAllowed("url", URI.create("http://[fe80::1]/hook")))
        .hasMessageContaining("link-local");
    assertThatThrownBy(() -> DEFAULT.requireAllowed("url", URI.create("http://localhost:8080/")))
        .hasMessageContaining("loopback");
    assertThatThrownBy(() -> DEFAULT.requireAllowed("url", URI.create("http://2130706433/")))
        .isInstanceOf(TandemException.class);
  }

  @Test
  void aPublicAddressPasses() throws Exception {
    assertThat(DEFAULT.resolveAllowed("url", URI.create("https://8.8.8.8/"))).containsExactly(address("8.8.8.8"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"example.com/8", "10.0.0.0/33", "10.0.0.0/x", "::1/129", ""})
  void badCidrBlocksAreRefused(String block) {
    assertThatThrownBy(() -> Cidr.parse(block)).isInstanceOf(IllegalArgumentException.class);
  }
}
