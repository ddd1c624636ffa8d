package io.tandem.targets;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/**
 * {@link TargetAccessScenarios} on a real API server: what a refused apply would have made is not on the cluster, and
 * a granted ClusterRoleBinding is.
 */
@TandemIT
@RealCluster
class TargetAccessOnKubeApiServerIT extends TargetAccessScenarios {}
