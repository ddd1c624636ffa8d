package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.readme.ReadmeBlocks.Block;
import io.tandem.readme.ReadmeBlocks.Mode;
import io.tandem.readme.ReadmeBlocks.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadmeBlocksTest {

  static final String README = """
      # Title

      <!-- readme-test: skip (needs a cluster of your own) -->
      ```sh
      curl -s https://example.com
      ```

      ```json
      {"not": "shell"}
      ```

      ```sh
      U=localhost:8080/x
      curl -s $U \\
           -d '{}'
      # → {"a":1,…}
      curl -s $U/data
      # →   indented: kept
      # → …
      curl -s $U/nothing-shown
      ```
      <!-- readme-test: real-cluster -->

      ```sh
      kubectl get deploy
      ```
      """;

  @Test
  void everyShellBlockIsFoundWithItsMarkerAndStartingLine() {
    List<Block> blocks = ReadmeBlocks.parse(README);

    assertThat(blocks).extracting(Block::mode).containsExactly(Mode.SKIP, Mode.RUN, Mode.REAL_CLUSTER);
    assertThat(blocks.get(0).reason()).isEqualTo("needs a cluster of your own");
    assertThat(blocks).extracting(Block::line).containsExactly(5, 13, 25);
  }

  @Test
  void aBlockIsCutIntoStepsAtTheLinesThatShowOutput() {
    List<Step> steps = ReadmeBlocks.parse(README).get(1).steps();

    assertThat(steps).extracting(Step::line).containsExactly(13, 17, 20);
    assertThat(steps.get(0).commands()).isEqualTo("U=localhost:8080/x\ncurl -s $U \\\n     -d '{}'\n");
    assertThat(steps.get(0).expected()).isEqualTo("{\"a\":1,…}");
    assertThat(steps.get(1).expected()).isEqualTo("  indented: kept\n…");
    assertThat(steps.get(2).commands()).isEqualTo("curl -s $U/nothing-shown\n");
    assertThat(steps.get(2).expected()).isNull();
  }

  @Test
  void aSkipWithoutReasonAndAnUnknownMarkerAreRefused() {
    assertThatThrownBy(() -> ReadmeBlocks.parse("<!-- readme-test: skip -->\n```sh\nls\n```\n"))
        .hasMessageContaining("says why");
    assertThatThrownBy(() -> ReadmeBlocks.parse("<!-- readme-test: later -->\n```sh\nls\n```\n"))
        .hasMessageContaining("unknown readme-test marker 'later'");
  }

  @Test
  void sectionsReversedKeepsTheSetUpFirstAndEachSectionsBlocksInOrder() {
    List<Block> blocks = ReadmeBlocks.parse("""
        # Tool
        <!-- readme-test: skip (starts the server) -->
        ```sh
        run-server
        ```
        ## Set-up
        ```sh
        export TOKEN=x
        ```
        ## First
        ```sh
        one-a
        ```
        ```sh
        one-b
        ```
        ### Second
        ```sh
        two
        ```
        """);

    assertThat(ReadmeBlocks.sectionsReversed(blocks)).extracting(block -> block.steps().get(0).commands().strip())
        .containsExactly("run-server", "export TOKEN=x", "two", "one-a", "one-b");
    assertThat(blocks).extracting(Block::section).containsExactly("Tool", "Set-up", "First", "First", "Second");
  }

  @Test
  void theRepositorysReadmeParsesAndItsBreakGlassBlockNeedsTheRealControlPlane() throws Exception {
    List<Block> blocks = ReadmeBlocks.parse(Files.readString(Path.of("README.md")));

    assertThat(blocks).filteredOn(block -> block.mode() == Mode.REAL_CLUSTER)
        .anySatisfy(block -> assertThat(block.steps()).anyMatch(step -> step.commands().contains("kubectl set resources")));
    assertThat(blocks).filteredOn(block -> block.mode() == Mode.RUN).flatExtracting(Block::steps)
        .filteredOn(step -> step.expected() != null).hasSizeGreaterThanOrEqualTo(10);
  }

  @Test
  void anUnclosedBlockIsRefused() {
    assertThatThrownBy(() -> ReadmeBlocks.parse("```sh\nls\n")).hasMessageContaining("never closed");
  }
}
