package io.tandem.imports.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.hash.ContentHash;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.imports.domain.ChartFetcher;
import io.tandem.imports.domain.OciReference;
import io.tandem.support.ChartServer;
import io.tandem.support.TestCharts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Charts pulled from a registry that speaks the OCI distribution protocol as Helm's registries do, token and all. */
class OciRegistryTest {

  static final byte[] ONE = TestCharts.packed("1.0.0");
  static final byte[] TWO = TestCharts.packed("2.0.0");

  ChartServer registry;
  OciRegistry oci;
  String challenge;

  @BeforeEach
  void setUp() {
    registry = new ChartServer();
    challenge = "Bearer realm=\"" + registry.url() + "/token\",service=\"registry.test\",scope=\"repository:charts/shop:pull\"";
    registry.on("/token?service=registry.test&scope=repository%3Acharts%2Fshop%3Apull", bytes("{\"token\": \"t0ken\"}"))
        .on("/v2/charts/shop/tags/list", authorized(bytes("{\"name\": \"charts/shop\", \"tags\": [\"1.0.0\", \"2.0.0\", \"2.1.0-rc.1\"]}")))
        .on("/v2/charts/shop/manifests/1.0.0", authorized(manifest(ONE)))
        .on("/v2/charts/shop/manifests/2.0.0", authorized(manifest(TWO)))
        .on("/v2/charts/shop/blobs/sha256:" + ContentHash.sha256Hex(ONE), authorized(ONE))
        .on("/v2/charts/shop/blobs/sha256:" + ContentHash.sha256Hex(TWO), authorized(TWO));
    OutboundPolicy loopbackAllowed = new OutboundPolicy(new OutboundProperties(false, List.of("127.0.0.0/8")));
    oci = new OciRegistry(new RemoteHttp(loopbackAllowed, Duration.ofSeconds(5)), JsonMapper.builder().build(),
        1024 * 1024, "http");
  }

  @AfterEach
  void tearDown() {
    registry.close();
  }

  java.util.function.Function<Map<String, String>, ChartServer.Answer> authorized(byte[] body) {
    return headers -> "Bearer t0ken".equals(headers.get("authorization")) ? ChartServer.Answer.ok(body)
        : new ChartServer.Answer(401, Map.of("WWW-Authenticate", challenge), new byte[0]);
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] manifest(byte[] chart) {
    return bytes("""
        {"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json",
         "config": {"mediaType": "application/vnd.cncf.helm.config.v1+json", "digest": "sha256:%s", "size": 2},
         "layers": [{"mediaType": "application/vnd.cncf.helm.chart.content.v1.tar+gzip", "digest": "sha256:%s", "size": %d}]}
        """.formatted("0".repeat(64), ContentHash.sha256Hex(chart), chart.length));
  }

  OciReference reference(String suffix) {
    return OciReference.parse("oci://" + registry.hostAndPort() + "/charts/shop" + suffix).orElseThrow();
  }

  @Test
  void withoutATagTheNewestReleaseIsPulledWithAnAnonymousToken() {
    ChartFetcher.Fetched fetched = oci.fetch(reference(""));

    assertThat(fetched.version()).isEqualTo("2.0.0");
    assertThat(fetched.archive()).isEqualTo(TWO);
  }

  @Test
  void aTagNamesTheVersion() {
    assertThat(oci.fetch(reference(":1.0.0")).archive()).isEqualTo(ONE);
  }

  @Test
  void aLayerThatDoesNotMatchItsDigestIsRefused() {
    registry.on("/v2/charts/shop/blobs/sha256:" + ContentHash.sha256Hex(ONE), authorized(TWO));

    assertThatThrownBy(() -> oci.fetch(reference(":1.0.0"))).isInstanceOfSatisfying(TandemException.class, e -> {
      assertThat(e.code()).isEqualTo(ProblemCode.CHART_SOURCE_FAILED);
      assertThat(e.getMessage()).contains("digest");
    });
  }

  @Test
  void aVersionTheRegistryDoesNotHaveIsAValidationProblem() {
    assertThatThrownBy(() -> oci.fetch(reference(":9.9.9"))).isInstanceOfSatisfying(TandemException.class, e -> {
      assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED);
      assertThat(e.getMessage()).contains("charts/shop:9.9.9");
    });
  }

  @Test
  void aRegistryThatWantsCredentialsIsRefusedAsOnlyPublicChartsCanBeImported() {
    challenge = "Basic realm=\"private\"";

    assertThatThrownBy(() -> oci.fetch(reference(":1.0.0"))).isInstanceOfSatisfying(TandemException.class, e -> {
      assertThat(e.code()).isEqualTo(ProblemCode.CHART_SOURCE_FAILED);
      assertThat(e.getMessage()).contains("only public charts");
    });
  }

  @Test
  void anAddressThePolicyForbidsIsNeverCalled() {
    OciRegistry strict = new OciRegistry(new RemoteHttp(new OutboundPolicy(new OutboundProperties(false, List.of())),
        Duration.ofSeconds(5)), JsonMapper.builder().build(), 1024 * 1024, "http");

    assertThatThrownBy(() -> strict.fetch(reference(":1.0.0"))).isInstanceOfSatisfying(TandemException.class,
        e -> assertThat(e.code()).isEqualTo(ProblemCode.DESTINATION_NOT_ALLOWED));
  }
}
