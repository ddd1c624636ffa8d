package io.tandem.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextsTest {

  @Test
  void ordinaryTextHasNoFlaw() {
    assertThat(Texts.flaw("")).isNull();
    assertThat(Texts.flaw("payments – Zahlungen ✓")).isNull();
  }

  @Test
  void surrogatePairHasNoFlaw() {
    assertThat(Texts.flaw("rocket \uD83D\uDE80 launched")).isNull();
  }

  @Test
  void nulIsAFlaw() {
    assertThat(Texts.flaw("a\0b")).isEqualTo("contains a NUL character (U+0000)");
  }

  @Test
  void loneHighSurrogateIsAFlaw() {
    assertThat(Texts.flaw("a\uD800")).isEqualTo("contains an unpaired surrogate (U+D800)");
    assertThat(Texts.flaw("\uD800b")).isEqualTo("contains an unpaired surrogate (U+D800)");
  }

  @Test
  void loneLowSurrogateIsAFlaw() {
    assertThat(Texts.flaw("\uDC00")).isEqualTo("contains an unpaired surrogate (U+DC00)");
  }
}
