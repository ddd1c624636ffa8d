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
    assertThat(DEFAULT.allows(address(literal))).as(literal).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2002:808:808::1",
      "64:ff9b::808:808", "::ffff:8.8.8.8"})
  void publicAddressesAreAllowed(String literal) throws Exception {
    assertThat(DEFAULT.allows(address(literal))).as(literal).isTrue();
  }

  @Test
  void allowPrivateOpensThePrivateRangesButNotLoopbackOrLinkLocal() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(true, List.of()));

    assertThat(policy.allows(address("10.1.2.3"))).isTrue();
    assertThat(policy.allows(address("192.168.0.10"))).isTrue();
    assertThat(policy.allows(address("fd00::5"))).isTrue();
    assertThat(policy.allows(address("127.0.0.1"))).isFalse();
    assertThat(policy.allows(address("169.254.169.254"))).isFalse();
    assertThat(policy.allows(address("0.0.0.0"))).isFalse();
  }

  @Test
  void allowedNetworksOpenExactlyTheirBlocks() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(false, List.of("10.20.0.0/16", "127.0.0.1", "fd00::/8")));

    assertThat(policy.allows(address("10.20.5.5"))).isTrue();
    assertThat(policy.allows(address("10.21.0.1"))).isFalse();
    assertThat(policy.allows(address("127.0.0.1"))).isTrue();
    assertThat(policy.allows(address("127.0.0.2"))).isFalse();
    assertThat(policy.allows(address("fd00::1"))).isTrue();
    assertThat(policy.allows(address("fc00::1"))).isFalse();
  }

  @Test
  void aBuiltInDestinationIsAllowedOnlyAtItsPortAndOnlyForAClusterConnection() throws Exception {
    OutboundPolicy policy = new OutboundPolicy(new OutboundProperties(false, List.of()));
    policy.allowBuiltIn(new InetSocketAddress(address("127.0.0.1"), 40000));

    assertThat(policy.resolveAllowed("server", URI.create("https://127.0.0.1:40000"), OutboundPolicy.Use.CLUSTER))
        .containsExactly(address("127.0.0.1"));
    assertThatThrownBy(() -> policy.resolveAllowed("server", URI.create("https://127.0.0.1:40001"), OutboundPolicy.Use.CLUSTER))
        .hasMessageContaining("loopback");
    assertThatThrownBy(() -> policy.resolveAllowed("url", URI.create("http://127.0.0.1:40000/hook")))
        .hasMessageContaining("loopback");
    assertThatThrownBy(() -> policy.requireAllowed("url", "127.0.0.1", 40000)).hasMessageContaining("loopback");
    assertThat(policy.allows(address("127.0.0.1"))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://0177.0.0.1/", "http://127.1/", "http://2130706433/", "http://0x7f.0.0.1/",
      "http://0x7f000001/", "http://127.0.0.01/", "http://127.000.000.001/", "http://127.0.0.1./", "http://[::ffff:0177.0.0.1]/",
      "http://[fe80::1%25lo]/", "http://[fe80::1%lo]/", "http://08.8.8.8/", "http://8.8.8.010/", "http://8.8.2056/",
      "http://example.123/", "http://user@0177.0.0.1:80/"})
  void numericHostsInFormsParsersReadDifferentlyAndZoneIdsAreRefused(String url) {
    assertThatThrownBy(() -> DEFAULT.requireAllowed("url", URI.create(url)))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.URL_NOT_ALLOWED))
        .hasMessageContaining("'url'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://8.8.8.8/", "https://[2606:4700:4700::1111]/", "https://[::ffff:8.8.8.8]/",
      "https://[0000:0000:0000:0000:0000:ffff:0808:0808]/", "https://0.ubuntu.pool.ntp.org.example/"})
  void dottedQuadDecimalPlainIpv6AndNamesAreRead(String url) {
    DEFAULT.requireAllowed("url", URI.create(url));
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
