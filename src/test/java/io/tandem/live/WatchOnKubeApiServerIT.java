package io.tandem.live;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/** {@link WatchScenarios} on a real API server, whose watches carry real resource versions. */
@TandemIT
@RealCluster
class WatchOnKubeApiServerIT extends WatchScenarios {}
