package io.tandem.readme;

import io.tandem.readme.ReadmeBlocks.Block;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.util.List;

/** The README on the real control plane, where kubectl works: the whole story, break-glass included, as written. */
@TandemIT
@RealCluster
class ReadmeIT extends ReadmeWalkThrough {

  @Override
  List<Block> inOrderToRun(List<Block> readme) {
    return readme;
  }
}
