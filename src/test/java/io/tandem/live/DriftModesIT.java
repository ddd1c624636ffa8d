package io.tandem.live;

import io.tandem.support.TandemIT;

/** {@link DriftModeScenarios} on the in-process mock API server. */
@TandemIT
class DriftModesIT extends DriftModeScenarios {}
