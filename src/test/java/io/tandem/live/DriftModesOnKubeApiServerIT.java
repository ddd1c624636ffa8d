package io.tandem.live;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/**
 * {@link DriftModeScenarios} on a real API server: the break-glass hold reads the managedFields the API server itself
 * records, and watches are on (so a change may be refreshed before the background pass the tests queue).
 */
@TandemIT
@RealCluster
class DriftModesOnKubeApiServerIT extends DriftModeScenarios {}
