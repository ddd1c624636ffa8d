package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.json.JsonMapper;

class JsonBodyTextsTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final JsonBodyTexts texts =
      new JsonBodyTexts(new TextLimits(new TandemProperties(
          Path.of("."), DataSize.ofKilobytes(8), new TandemProperties.EmbeddedPostgres(false, 0, true, java.time.Duration.ofSeconds(30)))));

  @Test
  void textsWithinTheirLimitsPass() {
    assertThatCode(() -> check("{\"slug\":\"a\",\"displayName\":\"" + "d".repeat(256) + "\",\"data\":\""
            + "y".repeat(8000) + "\",\"labels\":{\"example.com/tier\":\"" + "v".repeat(63) + "\"}}"))
        .doesNotThrowAnyException();
  }

  @Test
  void overlongDisplayNameIsRefusedNamingIt() {
    assertThatThrownBy(() -> check("{\"displayName\":\"" + "d".repeat(257) + "\"}"))
        .isInstanceOf(TandemException.class)
        .hasMessage("Field 'displayName' is 257 characters long; at most 256 are allowed.");
  }

  @Test
  void unnamedFieldsGetTheDefaultLimit() {
    assertThatThrownBy(() -> check("{\"strategy\":\"" + "s".repeat(TextLimits.DEFAULT_CHARS + 1) + "\"}"))
        .hasMessageContaining("Field 'strategy'");
  }

  @Test
  void dataOverTheUnitDataLimitIsPayloadTooLarge() {
    assertThatThrownBy(() -> check("{\"data\":\"" + "y".repeat(8 * 1024 + 1) + "\"}"))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.PAYLOAD_TOO_LARGE))
        .hasMessageContaining("the unit data limit is 8192 bytes");
  }

  @Test
  void labelValuesFollowKubernetesLimits() {
    assertThatThrownBy(() -> check("{\"labels\":{\"tier\":\"" + "v".repeat(64) + "\"}}"))
        .hasMessageContaining("Field 'labels.tier' is 64 characters long; at most 63");
  }

  @Test
  void labelKeysFollowKubernetesLimits() {
    assertThatThrownBy(() -> check("{\"labels\":{\"" + "k".repeat(318) + "\":\"v\"}}"))
        .hasMessageContaining("A key in 'labels' is 318 characters long; at most 317");
  }

  @Test
  void nulInANestedArrayItemIsRefusedWithItsPath() {
    assertThatThrownBy(() -> check("{\"functions\":[{\"name\":\"set\",\"args\":[\"ok\",\"a\\u0000b\"]}]}"))
        .hasMessage("Field 'functions[0].args[1]' contains a NUL character (U+0000).");
  }

  @Test
  void loneSurrogateInAKeyIsRefused() {
    assertThatThrownBy(() -> check("{\"labels\":{\"a\\ud800\":\"v\"}}"))
        .hasMessage("A key in 'labels' contains an unpaired surrogate (U+D800).");
  }

  private void check(String body) {
    texts.check(JSON.readTree(body));
  }
}
