package io.tandem.live;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;

/** {@link IgnoreRuleScenarios} on a real API server, whose managedFields name the field managers. */
@TandemIT
@RealCluster
class IgnoreRulesOnKubeApiServerIT extends IgnoreRuleScenarios {}
