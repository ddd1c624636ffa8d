package io.tandem.readme;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/** The README on the real control plane, where kubectl works: the whole story, break-glass included. */
@TandemIT
@RealCluster
class ReadmeIT extends ReadmeWalkThrough {}
