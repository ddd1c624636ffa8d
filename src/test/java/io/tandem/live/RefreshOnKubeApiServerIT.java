package io.tandem.live;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/** {@link RefreshScenarios} on a real API server, which adds defaults and managedFields the mock does not. */
@TandemIT
@RealCluster
class RefreshOnKubeApiServerIT extends RefreshScenarios {}
