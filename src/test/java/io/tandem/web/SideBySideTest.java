package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.yaml.UnifiedDiff;
import java.util.List;
import org.junit.jupiter.api.Test;

class SideBySideTest {

  @Test
  void aChangedLineStandsBesideItsReplacementBetweenUnchangedContext() {
    String unified = UnifiedDiff.of("a", "kind: ConfigMap\ndata:\n  mode: blue\n  size: 1\n", "b",
        "kind: ConfigMap\ndata:\n  mode: green\n  size: 1\n");

    List<SideBySide.Row> rows = SideBySide.of(unified);

    assertThat(rows).first().extracting(SideBySide.Row::kind).isEqualTo("hunk");
    assertThat(rows).contains(new SideBySide.Row("  mode: blue", "  mode: green", "change"),
        new SideBySide.Row("data:", "data:", "same"), new SideBySide.Row("  size: 1", "  size: 1", "same"));
  }

  @Test
  void anAddedLineHasNothingBesideIt() {
    List<SideBySide.Row> rows = SideBySide.of(UnifiedDiff.of("a", "a: 1\n", "b", "a: 1\nb: 2\n"));

    assertThat(rows).contains(new SideBySide.Row(null, "b: 2", "change"));
    assertThat(SideBySide.of("")).isEmpty();
  }
}
