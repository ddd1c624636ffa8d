package io.tandem.apply;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/**
 * {@link DestroyGateScenarios} on a real API server: a refused destroy leaves the objects the API server holds, and a
 * move leaves none in the first namespace.
 */
@TandemIT
@RealCluster
class DestroyGateOnKubeApiServerIT extends DestroyGateScenarios {}
