package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

  private static final String NINE_LINES = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";

  @Test
  void equalTextsGiveAnEmptyDiff() {
    assertThat(UnifiedDiff.of("a", NINE_LINES, "b", NINE_LINES)).isEmpty();
  }

  @Test
  void changedLineIsShownWithThreeLinesOfContext() {
    String diff = UnifiedDiff.of("a", NINE_LINES, "b", NINE_LINES.replace("5\n", "five\n"));

    assertThat(diff)
        .isEqualTo(
            """
            --- a
            +++ b
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8
            """);
  }

  @Test
  void namesAppearInTheHeaders() {
    String diff = UnifiedDiff.of("api@1", "x\n", "api@2", "y\n");

    assertThat(diff.lines().limit(2)).containsExactly("--- api@1", "+++ api@2");
    assertThat(diff.lines().skip(2)).containsExactly("@@ -1,1 +1,1 @@", "-x", "+y");
  }
}
