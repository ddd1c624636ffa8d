package io.tandem.targets;

import io.tandem.support.TandemIT;

/** {@link TargetAccessScenarios} on the mock engine. */
@TandemIT
class TargetAccessIT extends TargetAccessScenarios {}
