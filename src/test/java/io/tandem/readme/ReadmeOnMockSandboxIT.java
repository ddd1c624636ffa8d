package io.tandem.readme;

import io.tandem.readme.ReadmeBlocks.Block;
import io.tandem.support.TandemIT;
import java.util.List;

/**
 * The README on the mock sandbox, as a machine with Java only runs it: every block but those marked
 * {@code real-cluster} (kubectl cannot talk to the mock), the {@code mock} ones instead. Its sections run last one
 * first, after the token lines, so that a section leaning on one written before it fails here ({@link ReadmeIT} runs
 * them as written, on the real control plane).
 */
@TandemIT
class ReadmeOnMockSandboxIT extends ReadmeWalkThrough {

  @Override
  List<Block> inOrderToRun(List<Block> readme) {
    return ReadmeBlocks.sectionsReversed(readme);
  }
}
